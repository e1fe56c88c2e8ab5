import ControlProtocol
import TOMLDecoding

/// toml-test's JSON form: tables as objects, arrays as arrays, every other value `{"type": …, "value": "…"}`.
enum TaggedJSON {
    static func table(_ table: TOMLTable) -> String {
        let members = table.keys.compactMap { key in
            table.values[key.name].map { string(key.name) + ":" + value($0) }
        }
        return "{" + members.joined(separator: ",") + "}"
    }

    static func value(_ value: TOMLValue) -> String {
        switch value.kind {
        case .string(let s): return tagged("string", s)
        case .integer(let i): return tagged("integer", String(i))
        case .float(let d): return tagged("float", d.isNaN ? "nan" : d.isInfinite ? (d < 0 ? "-inf" : "inf") : "\(d)")
        case .boolean(let b): return tagged("bool", b ? "true" : "false")
        case .dateTime(let d):
            let type =
                d.offsetMinutes != nil
                ? "datetime" : d.date == nil ? "time-local" : d.time == nil ? "date-local" : "datetime-local"
            return tagged(type, d.description)
        case .array(let elements): return "[" + elements.map(Self.value).joined(separator: ",") + "]"
        case .table(let t): return table(t)
        }
    }

    private static func tagged(_ type: String, _ value: String) -> String {
        "{\"type\":\"\(type)\",\"value\":\(string(value))}"
    }

    private static func string(_ s: String) -> String { JSONText.quoted(s) }
}
