/// Reads the tokens of one line; columns are 1-based and count Unicode scalars.
struct TOMLLineScanner {
    let chars: [Unicode.Scalar]
    var index = 0
    let line: Int
    let dialect: TOMLDialect

    init(_ chars: [Unicode.Scalar], line: Int, dialect: TOMLDialect) {
        // A CRLF file leaves '\r' at each line's end: treat it as whitespace.
        self.chars = chars.last == "\r" ? Array(chars.dropLast()) : chars
        self.line = line
        self.dialect = dialect
    }

    var column: Int { index + 1 }
    var position: TOMLPosition { TOMLPosition(line: line, column: column) }
    var peek: Unicode.Scalar? { index < chars.count ? chars[index] : nil }
    var atEndOrComment: Bool { peek == nil || peek == "#" }

    /// The scalars in `range` as a string, appended one by one: `String.UnicodeScalarView(_:)` from a slice made
    /// a dozen allocations per key.
    func string(_ range: Range<Int>) -> String {
        var s = String.UnicodeScalarView()
        for c in chars[range] { s.append(c) }
        return String(s)
    }

    func error(_ message: String, column: Int? = nil) -> TOMLSyntaxError {
        TOMLSyntaxError(at: TOMLPosition(line: line, column: column ?? self.column), message)
    }

    mutating func skipSpaces() {
        while let c = peek, c == " " || c == "\t" { index += 1 }
    }

    /// `what` is built only for the error: an eager message cost an allocation per key read.
    mutating func expect(_ c: Unicode.Scalar, what: @autoclosure () -> String) throws(TOMLSyntaxError) {
        guard peek == c else { throw error("expected \(what())") }
        index += 1
    }

    mutating func expectLineEnd() throws(TOMLSyntaxError) {
        skipSpaces()
        guard atEndOrComment else { throw error("unexpected text after the value; one key per line") }
    }

    /// The whole line as one statement; nil for blank and comment lines.
    mutating func statement() throws(TOMLSyntaxError) -> TOMLStatement? {
        skipSpaces()
        guard !atEndOrComment else { return nil }
        if peek == "[" {
            let header = try tableHeader()
            try expectLineEnd()
            return .table(header)
        }
        let key = try bareKey()
        skipSpaces()
        try expect("=", what: "'=' after key \"\(key.name)\"")
        skipSpaces()
        let value = try value()
        try expectLineEnd()
        return .keyValue(TOMLKeyValue(key: key, value: value))
    }

    /// `[name]` or `[[name]]`, spaces allowed inside the brackets as TOML allows.
    mutating func tableHeader() throws(TOMLSyntaxError) -> TOMLHeader {
        let start = position
        index += 1
        let isArray = peek == "["
        if isArray { index += 1 }
        skipSpaces()
        guard let name = scanBareWord() else {
            throw atEndOrComment
                ? error("unclosed table header", column: start.column)
                : error("table names are bare keys such as [display]; quoted and dotted names are not supported")
        }
        skipSpaces()
        for _ in 0..<(isArray ? 2 : 1) {
            guard peek == "]" else {
                throw atEndOrComment
                    ? error("unclosed table header", column: start.column)
                    : error("table names are bare keys such as [display]; quoted and dotted names are not supported")
            }
            index += 1
        }
        return TOMLHeader(name: name, isArray: isArray, position: start)
    }

    mutating func bareKey() throws(TOMLSyntaxError) -> TOMLKey {
        let start = position
        guard let name = scanBareWord() else { throw error("expected a key such as name = \"value\"") }
        return TOMLKey(name: name, position: start)
    }

    /// Letters, digits, `_` and `-`: TOML's bare keys.
    private mutating func scanBareWord() -> String? {
        let start = index
        while let c = peek,
            c.properties.isASCIIHexDigit || ("a"..."z").contains(c) || ("A"..."Z").contains(c)
                || c == "_" || c == "-"
        {
            index += 1
        }
        guard index > start else { return nil }
        return string(start..<index)
    }

    mutating func value(inArray: Bool = false) throws(TOMLSyntaxError) -> TOMLValue {
        let start = position
        switch peek {
        case "\"": return TOMLValue(.string(try basicString()), at: start)
        case "'": return TOMLValue(.string(try literalString()), at: start)
        case let c? where c == "-" || c == "+" || ("0"..."9").contains(c):
            return TOMLValue(try number(inArray: inArray), at: start)
        case "[" where dialect.allowsArrays && !inArray:
            return TOMLValue(.array(try array()), at: start)
        case "[" where inArray:
            throw error("arrays inside arrays are not supported")
        case "[", "{":
            guard dialect.allowsArrays else {
                throw error("arrays and inline tables are not used in \(dialect.documentName)")
            }
            throw error("inline tables are not supported; use a [table] header")
        case nil, "#":
            throw error(inArray ? "unterminated array; write the whole array on one line" : "missing value after '='")
        case let c? where (c == "t" || c == "f") && dialect.allowsBooleans:
            return TOMLValue(.boolean(try boolean(inArray: inArray)), at: start)
        default:
            throw error(dialect.valueHint)
        }
    }

    /// `[a, b, c]` on one line, a trailing comma allowed, elements all strings or all numbers.
    private mutating func array() throws(TOMLSyntaxError) -> [TOMLValue] {
        let open = column
        index += 1
        var elements: [TOMLValue] = []
        while true {
            skipSpaces()
            if peek == "]" { break }
            if atEndOrComment {
                throw error("unterminated array; write the whole array on one line", column: open)
            }
            let element = try value(inArray: true)
            if let first = elements.first, (first.string == nil) != (element.string == nil) {
                throw TOMLSyntaxError(
                    at: element.position, "an array holds only strings or only numbers, not both")
            }
            elements.append(element)
            skipSpaces()
            if peek == "," {
                index += 1
            } else if peek != "]" {
                throw atEndOrComment
                    ? error("unterminated array; write the whole array on one line", column: open)
                    : error("expected ',' or ']' in the array")
            }
        }
        index += 1
        return elements
    }
}
