/// Reads the tokens of one manifest line; columns are 1-based and count Unicode scalars.
struct LineScanner {
    private let chars: [Unicode.Scalar]
    private var index = 0
    let line: Int

    init(_ chars: [Unicode.Scalar], line: Int) {
        // A CRLF file leaves '\r' at each line's end: treat it as whitespace.
        self.chars = chars.last == "\r" ? Array(chars.dropLast()) : chars
        self.line = line
    }

    var column: Int { index + 1 }
    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }
    var atEndOrComment: Bool { peek == nil || peek == "#" }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    mutating func expect(_ c: Unicode.Scalar, what: String) throws(ManifestSyntaxError) {
        guard peek == c else { throw ManifestSyntaxError(column: column, message: "expected \(what)") }
        index += 1
    }

    mutating func expectLineEnd() throws(ManifestSyntaxError) {
        skipSpaces()
        guard atEndOrComment else {
            throw ManifestSyntaxError(column: column, message: "unexpected text after the value; one key per line")
        }
    }

    /// `[name]` or `[[name]]`, returned as written without spaces.
    mutating func tableHeader() throws(ManifestSyntaxError) -> String {
        let start = column
        var s = ""
        while let c = peek, c != "#", c != " ", c != "\t" {
            s.unicodeScalars.append(c)
            index += 1
        }
        guard s.hasSuffix("]") else { throw ManifestSyntaxError(column: start, message: "unclosed table header") }
        return s
    }

    mutating func bareKey() throws(ManifestSyntaxError) -> String {
        let start = index
        while let c = peek,
            c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
                || c == "_" || c == "-"
        {
            index += 1
        }
        guard index > start else {
            throw ManifestSyntaxError(column: column, message: "expected a key such as title = \"…\"")
        }
        return String(String.UnicodeScalarView(chars[start..<index]))
    }

    mutating func value() throws(ManifestSyntaxError) -> ManifestValue {
        let col = column
        switch peek {
        case "\"": return ManifestValue(kind: .string(try basicString()), line: line, column: col)
        case "'": return ManifestValue(kind: .string(try literalString()), line: line, column: col)
        case let c? where c == "-" || c == "+" || ("0"..."9").contains(c):
            return ManifestValue(kind: .number(try number()), line: line, column: col)
        case "[", "{":
            throw ManifestSyntaxError(column: col, message: "arrays and inline tables are not used in banners.toml")
        case nil, "#":
            throw ManifestSyntaxError(column: col, message: "missing value after '='")
        default:
            throw ManifestSyntaxError(column: col, message: "expected a value: a \"quoted string\" or a number")
        }
    }

    private mutating func basicString() throws(ManifestSyntaxError) -> String {
        let open = column
        index += 1
        var s = String.UnicodeScalarView()
        while let c = peek {
            index += 1
            switch c {
            case "\"": return String(s)
            case "\\":
                let escCol = column - 1
                guard let e = peek else { break }
                index += 1
                switch e {
                case "\"": s.append("\"")
                case "\\": s.append("\\")
                case "n": s.append("\n")
                case "t": s.append("\t")
                case "u", "U":
                    let n = e == "u" ? 4 : 8
                    guard index + n <= chars.count,
                        let v = UInt32(String(String.UnicodeScalarView(chars[index..<index + n])), radix: 16),
                        let scalar = Unicode.Scalar(v)
                    else { throw ManifestSyntaxError(column: escCol, message: "bad \\\(e) escape") }
                    s.append(scalar)
                    index += n
                default:
                    throw ManifestSyntaxError(column: escCol, message: "unknown escape \\\(e) in string")
                }
            default: s.append(c)
            }
        }
        throw ManifestSyntaxError(column: open, message: "unterminated string; close it with \" on the same line")
    }

    private mutating func literalString() throws(ManifestSyntaxError) -> String {
        let open = column
        index += 1
        var s = String.UnicodeScalarView()
        while let c = peek {
            index += 1
            if c == "'" { return String(s) }
            s.append(c)
        }
        throw ManifestSyntaxError(column: open, message: "unterminated string; close it with ' on the same line")
    }

    private mutating func number() throws(ManifestSyntaxError) -> Double {
        let start = index
        let col = column
        while let c = peek, c != " ", c != "\t", c != "#" { index += 1 }
        let text = String(String.UnicodeScalarView(chars[start..<index])).replacingUnderscores()
        guard let v = Double(text), v.isFinite, !text.hasSuffix("."), !text.hasPrefix(".") else {
            throw ManifestSyntaxError(column: col, message: "not a number: \(text)")
        }
        return v
    }
}

extension String {
    /// TOML allows `1_000`; Swift's Double(String) does not.
    fileprivate func replacingUnderscores() -> String {
        String(unicodeScalars.filter { $0 != "_" })
    }
}
