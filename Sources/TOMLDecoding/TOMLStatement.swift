/// One statement of a document: a table header or a key/value pair (which may span lines).
public enum TOMLStatement: Equatable, Sendable {
    /// `[name]` or `[[name]]`.
    case table(TOMLHeader)
    /// `key = value`.
    case keyValue(TOMLKeyValue)
}

/// A table header, `[name]` or (an element of an array of tables) `[[name]]`; the name may be dotted.
public struct TOMLHeader: Equatable, Sendable {
    /// The name's keys: one for `[display]`, two for `[display.margins]`.
    public var keys: [TOMLKey]
    /// True for `[[name]]`.
    public var isArray: Bool
    /// Where the header's first bracket is.
    public var position: TOMLPosition

    /// A header for the dotted key `keys`.
    public init(keys: [TOMLKey], isArray: Bool, position: TOMLPosition) {
        self.keys = keys
        self.isArray = isArray
        self.position = position
    }

    /// The name as TOML writes it: keys joined by dots, quoted where they are not bare (`display`,
    /// `a."b.c"`), so `["display"]` and `[display]` have the same name.
    public var name: String { keys.map(\.written).joined(separator: ".") }

    /// The header as written in canonical form, `[name]` or `[[name]]`.
    public var written: String { isArray ? "[[\(name)]]" : "[\(name)]" }
}

/// One key (a part of a dotted key) and where it was written.
public struct TOMLKey: Equatable, Sendable {
    /// The key, unquoted.
    public var name: String
    /// Where the key starts.
    public var position: TOMLPosition

    /// A key `name` written at `position`.
    public init(name: String, position: TOMLPosition) {
        self.name = name
        self.position = position
    }

    /// The key as TOML writes it: bare when it can be, else a basic string.
    public var written: String { Self.isBare(name) ? name : TOMLKey.basicString(name) }

    /// Whether `name` can be written as a bare key: ASCII letters, digits, `_` and `-`, at least one.
    public static func isBare(_ name: String) -> Bool {
        !name.isEmpty
            && name.utf8.allSatisfy {
                isDigit($0) || ($0 | 0x20 >= UInt8(ascii: "a") && $0 | 0x20 <= UInt8(ascii: "z"))
                    || $0 == UInt8(ascii: "_")
                    || $0 == UInt8(ascii: "-")
            }
    }

    /// `text` as a TOML basic string, quotes included, escaped where TOML requires it (for messages that show
    /// what to write).
    public static func basicString(_ text: String) -> String {
        var quoted = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": quoted += "\\\""
            case "\\": quoted += "\\\\"
            case _ where scalar.value < 0x20 || scalar.value == 0x7F:
                let digits = String(scalar.value, radix: 16, uppercase: true)
                quoted += "\\u" + String(repeating: "0", count: 4 - digits.count) + digits
            default: quoted.unicodeScalars.append(scalar)
            }
        }
        return quoted + "\""
    }
}

/// `key = value`, both with positions; `a.b.c = 1` has key `a` and dotted keys `b`, `c`.
public struct TOMLKeyValue: Equatable, Sendable {
    /// The key the pair adds to its table (the first of a dotted key).
    public var key: TOMLKey
    /// The rest of a dotted key, each naming a table inside the previous one; empty for a plain key.
    public var dotted: [TOMLKey]
    /// The value.
    public var value: TOMLValue

    /// A pair `key.dotted… = value`.
    public init(key: TOMLKey, dotted: [TOMLKey] = [], value: TOMLValue) {
        self.key = key
        self.dotted = dotted
        self.value = value
    }

    /// The whole key as written, `a.b.c`.
    public var name: String { ([key] + dotted).map(\.written).joined(separator: ".") }
}
