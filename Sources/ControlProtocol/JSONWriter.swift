/// A minimal JSON writer for the status line and the proof-of-play records: objects, strings, numbers, booleans
/// and arrays.
public struct JSONWriter {
    public private(set) var text = ""
    private var needsComma = false

    public init() {}

    public mutating func object(_ body: (inout JSONWriter) -> Void) {
        separate()
        text += "{"
        needsComma = false
        body(&self)
        text += "}"
        needsComma = true
    }

    public mutating func key(_ name: String) {
        separate()
        string(name)
        text += ":"
        needsComma = false
    }

    public mutating func null() {
        separate()
        text += "null"
        needsComma = true
    }

    public mutating func field(_ name: String, _ value: String) {
        key(name)
        string(value)
        needsComma = true
    }

    public mutating func field(_ name: String, _ value: Int) {
        key(name)
        text += String(value)
        needsComma = true
    }

    public mutating func field(_ name: String, _ value: Double) {
        key(name)
        text += value.isFinite ? String(value) : "null"
        needsComma = true
    }

    public mutating func field(_ name: String, _ value: Bool) {
        key(name)
        text += value ? "true" : "false"
        needsComma = true
    }

    public mutating func field(_ name: String, _ values: [String]) {
        key(name)
        text += "["
        for (i, value) in values.enumerated() {
            if i > 0 { text += "," }
            string(value)
        }
        text += "]"
        needsComma = true
    }

    /// An array of `elements`, each written by `element` (an object, for instance).
    public mutating func array<Element>(_ elements: [Element], _ element: (inout JSONWriter, Element) -> Void) {
        separate()
        text += "["
        needsComma = false
        for value in elements { element(&self, value) }
        text += "]"
        needsComma = true
    }

    private mutating func separate() {
        if needsComma { text += "," }
    }

    private mutating func string(_ value: String) {
        text += JSONText.quoted(value)
    }
}

/// JSON string literals, for every JSON bannerd writes (the status line, the toml-test decoder's output).
public enum JSONText {
    /// `value` as a JSON string literal, quotes included.
    public static func quoted(_ value: String) -> String {
        var text = "\""
        for scalar in value.unicodeScalars {
            switch scalar {
            case "\"": text += "\\\""
            case "\\": text += "\\\\"
            case "\n": text += "\\n"
            case "\r": text += "\\r"
            case "\t": text += "\\t"
            case _ where scalar.value < 0x20:
                let hex = String(scalar.value, radix: 16)
                text += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
            default: text.unicodeScalars.append(scalar)
            }
        }
        return text + "\""
    }
}
