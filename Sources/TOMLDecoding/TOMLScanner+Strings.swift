extension TOMLScanner {
    private static let quote = UInt8(ascii: "\"")
    private static let apostrophe = UInt8(ascii: "'")
    private static let backslash = UInt8(ascii: "\\")

    /// A string value or quoted key starting at `index`: basic ("…"), literal ('…'), or, when `multiline`
    /// allows, multi-line basic ("""…""") or literal ('''…''').
    mutating func string(multiline allowsMultiline: Bool) throws(TOMLSyntaxError) -> String {
        let delimiter = bytes[index]
        let open = position()
        let multiline = peek(1) == delimiter && peek(2) == delimiter
        if multiline && !allowsMultiline { throw error("keys are one-line strings, not \"\"\" or '''") }
        index += multiline ? 3 : 1
        // A line break right after the opening delimiter is not part of the string.
        if multiline { _ = newline() }
        scratch.removeAll(keepingCapacity: true)
        let basic = delimiter == Self.quote
        while true {
            guard let b = peek else { throw unterminated(delimiter, multiline: multiline, at: open) }
            if b == delimiter {
                if try closes(delimiter, multiline: multiline) { break }
            } else if b == Self.backslash && basic {
                escape(multiline: multiline)
            } else if b == 0x0A || b == 0x0D {
                guard multiline else { throw unterminated(delimiter, multiline: false, at: open) }
                if newline() {
                    scratch.append(0x0A)
                } else {
                    record("carriage return without a line feed in a string", at: position())
                    index += 1
                }
            } else if b >= 0x80 {
                scalar(keep: true)
            } else {
                if isControl(b) {
                    record(
                        "control character \(hex(b)) in a string; write it as an escape such as \\u0007", at: position()
                    )
                }
                scratch.append(b)
                index += 1
            }
        }
        return String(decoding: scratch, as: UTF8.self)
    }

    /// At a delimiter: whether it closes the string (consuming it), else it is content (appended).
    private mutating func closes(_ delimiter: UInt8, multiline: Bool) throws(TOMLSyntaxError) -> Bool {
        guard multiline else {
            index += 1
            return true
        }
        var run = 0
        while peek(run) == delimiter { run += 1 }
        guard run >= 3 else {
            scratch.append(contentsOf: repeatElement(delimiter, count: run))
            index += run
            return false
        }
        // Up to two delimiters may sit inside the string just before the closing three.
        guard run <= 5 else { throw error("too many quotes in a row at the end of a multi-line string") }
        scratch.append(contentsOf: repeatElement(delimiter, count: run - 3))
        index += run
        return true
    }

    private mutating func unterminated(_ delimiter: UInt8, multiline: Bool, at open: TOMLPosition) -> TOMLSyntaxError {
        let close = String(repeating: String(UnicodeScalar(delimiter)), count: multiline ? 3 : 1)
        return TOMLSyntaxError(
            at: open,
            multiline
                ? "unterminated string; close it with \(close)"
                : "unterminated string; close it with \(close) on the same line")
    }

    /// A backslash escape in a basic string; a bad one is recorded and reading goes on after it.
    private mutating func escape(multiline: Bool) {
        let at = position()
        index += 1
        guard let e = peek else { return }
        index += 1
        switch e {
        case UInt8(ascii: "b"): scratch.append(0x08)
        case UInt8(ascii: "t"): scratch.append(0x09)
        case UInt8(ascii: "n"): scratch.append(0x0A)
        case UInt8(ascii: "f"): scratch.append(0x0C)
        case UInt8(ascii: "r"): scratch.append(0x0D)
        case Self.quote: scratch.append(Self.quote)
        case Self.backslash: scratch.append(Self.backslash)
        case UInt8(ascii: "u"): unicodeEscape(digits: 4, at: at)
        case UInt8(ascii: "U"): unicodeEscape(digits: 8, at: at)
        case 0x20, 0x09, 0x0A, 0x0D:
            guard multiline else {
                index -= 1
                record("unknown escape: a backslash before whitespace ends a line only in \"\"\" strings", at: at)
                return
            }
            // A line-ending backslash: the line break and all whitespace after it vanish.
            index -= 1
            skipWhitespace()
            guard newline() else {
                record("a backslash ending a line must be followed only by whitespace", at: at)
                return
            }
            while true {
                skipWhitespace()
                guard newline() else { break }
            }
        default:
            index -= 1
            record("unknown escape \\\(Character(UnicodeScalar(e))) in a string", at: at)
        }
    }

    /// `\uXXXX` or `\UXXXXXXXX`: a Unicode scalar value (not a surrogate).
    private mutating func unicodeEscape(digits: Int, at: TOMLPosition) {
        var value: UInt32 = 0
        for _ in 0..<digits {
            guard let b = peek, let d = hexDigit(b) else {
                record("\\\(digits == 4 ? "u" : "U") takes \(digits) hex digits", at: at)
                return
            }
            value = value << 4 | d
            index += 1
        }
        guard let scalar = Unicode.Scalar(value) else {
            record("\\\(digits == 4 ? "u" : "U") escape of \(value) is not a Unicode scalar value", at: at)
            return
        }
        if let encoded = UTF8.encode(scalar) { scratch.append(contentsOf: encoded) }
    }

    private func hexDigit(_ b: UInt8) -> UInt32? {
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return UInt32(b - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): return UInt32(b - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
