/// Prometheus' text exposition format (version 0.0.4), as node_exporter's textfile collector reads it: for each
/// metric family a `# HELP` and a `# TYPE` line, then its samples, `name{label="value"} number`, without
/// timestamps (the collector stamps them when it reads the file).
public struct PrometheusText: Sendable {
    /// The family's type, as `# TYPE` names it.
    public enum Kind: String, Sendable {
        /// Only goes up (resets when the process restarts); named `…_total`.
        case counter
        /// Goes up and down.
        case gauge
    }

    /// One sample: its labels in order, and its value.
    public struct Sample: Sendable {
        public var labels: [(name: String, value: String)]
        public var value: Double

        public init(_ value: Double, labels: [(name: String, value: String)] = []) {
            self.labels = labels
            self.value = value
        }
    }

    /// The text so far, one line each, ending in a newline.
    public private(set) var text = ""

    public init() {}

    /// Appends a family; a family without samples is left out (the format allows it, but it says nothing).
    public mutating func family(_ name: String, _ kind: Kind, help: String, _ samples: [Sample]) {
        guard !samples.isEmpty else { return }
        text += "# HELP \(name) \(Self.escaped(help, quotes: false))\n# TYPE \(name) \(kind.rawValue)\n"
        for sample in samples {
            text += name
            if !sample.labels.isEmpty {
                text += "{"
                text += sample.labels.map { "\($0.name)=\"\(Self.escaped($0.value, quotes: true))\"" }
                    .joined(separator: ",")
                text += "}"
            }
            text += " " + Self.number(sample.value) + "\n"
        }
    }

    /// A family of one unlabelled sample.
    public mutating func family(_ name: String, _ kind: Kind, help: String, _ value: Double) {
        family(name, kind, help: help, [Sample(value)])
    }

    /// Backslash and newline escaped (and, in label values, the double quote), as the format requires.
    static func escaped(_ text: String, quotes: Bool) -> String {
        var out = ""
        for character in text.unicodeScalars {
            switch character {
            case "\\": out += "\\\\"
            case "\n": out += "\\n"
            case "\"" where quotes: out += "\\\""
            default: out.unicodeScalars.append(character)
            }
        }
        return out
    }

    /// Integers without a fraction; other numbers as Swift writes them (which Go's ParseFloat reads back).
    static func number(_ value: Double) -> String {
        if value.isNaN { return "NaN" }
        if value.isInfinite { return value > 0 ? "+Inf" : "-Inf" }
        if value == value.rounded(), abs(value) < 1e15 { return String(Int64(value)) }
        return "\(value)"
    }
}
