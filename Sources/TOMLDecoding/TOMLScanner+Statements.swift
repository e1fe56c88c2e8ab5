extension TOMLScanner {
    /// The statement at `index` (after blank lines and comments), through the end of its last line.
    mutating func statement() throws(TOMLSyntaxError) -> TOMLStatement {
        nesting = 0
        problems.removeAll(keepingCapacity: true)
        if peek == UInt8(ascii: "[") {
            let header = try header()
            try lineEnd(after: "the table header")
            return .table(header)
        }
        let pair = try keyValue()
        try lineEnd(after: "the value")
        return .keyValue(pair)
    }

    /// `[key]` or `[[key]]`, the key possibly dotted and quoted, whitespace allowed around it.
    private mutating func header() throws(TOMLSyntaxError) -> TOMLHeader {
        let start = position()
        index += 1
        let isArray = peek == UInt8(ascii: "[")
        if isArray { index += 1 }
        skipWhitespace()
        let keys = try dottedKey(in: isArray ? "[[table]] header" : "[table] header")
        for _ in 0..<(isArray ? 2 : 1) {
            guard peek == UInt8(ascii: "]") else {
                throw peek == nil || peek == 0x0A || peek == 0x0D || peek == UInt8(ascii: "#")
                    ? TOMLSyntaxError(at: start, "unclosed table header; end it with \(isArray ? "]]" : "]")")
                    : error("expected \(isArray ? "]]" : "]") to end the table header")
            }
            index += 1
        }
        return TOMLHeader(keys: keys, isArray: isArray, position: start)
    }

    /// `key = value`, the key possibly dotted.
    private mutating func keyValue() throws(TOMLSyntaxError) -> TOMLKeyValue {
        let keys = try dottedKey(in: "key")
        guard peek == UInt8(ascii: "=") else {
            throw error("expected '=' after key \"\(keys.map(\.name).joined(separator: "."))\"")
        }
        index += 1
        skipWhitespace()
        let value = try value()
        return TOMLKeyValue(key: keys[0], dotted: Array(keys.dropFirst()), value: value)
    }

    /// One key or several joined by dots, each bare (`A-Za-z0-9_-`) or quoted; whitespace after it skipped.
    private mutating func dottedKey(in what: String) throws(TOMLSyntaxError) -> [TOMLKey] {
        var keys: [TOMLKey] = []
        repeat {
            skipWhitespace()
            keys.append(try simpleKey(in: what))
            skipWhitespace()
        } while skip(UInt8(ascii: "."))
        return keys
    }

    private mutating func simpleKey(in what: String) throws(TOMLSyntaxError) -> TOMLKey {
        let at = position()
        if peek == UInt8(ascii: "\"") || peek == UInt8(ascii: "'") {
            return TOMLKey(name: try string(multiline: false), position: at)
        }
        let start = index
        while let b = peek, isBareKeyByte(b) { index += 1 }
        guard index > start else {
            throw error(
                what == "key"
                    ? "expected a key such as name = \"value\""
                    : "expected a table name in the \(what), such as [display] or [\"quoted key\"]")
        }
        return TOMLKey(
            name: String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self), position: at)
    }

    private func isBareKeyByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "-")
    }

    private mutating func skip(_ b: UInt8) -> Bool {
        guard peek == b else { return false }
        index += 1
        return true
    }

    /// Any value, at `index`.
    mutating func value() throws(TOMLSyntaxError) -> TOMLValue {
        let at = position()
        switch peek {
        case UInt8(ascii: "\""), UInt8(ascii: "'"): return TOMLValue(.string(try string(multiline: true)), at: at)
        case UInt8(ascii: "["): return TOMLValue(.array(try array(at: at)), at: at)
        case UInt8(ascii: "{"): return TOMLValue(.table(try inlineTable(at: at)), at: at)
        case nil, 0x0A, 0x0D, UInt8(ascii: "#"): throw error("missing value after '='")
        default: return TOMLValue(try bareValue(), at: at)
        }
    }

    /// `[a, b, …]` over any number of lines, comments between elements, a trailing comma allowed; elements of
    /// any types (TOML 1.0).
    private mutating func array(at open: TOMLPosition) throws(TOMLSyntaxError) -> [TOMLValue] {
        index += 1
        nesting += 1
        var elements: [TOMLValue] = []
        while true {
            skipTrivia(newlines: true)
            if skip(UInt8(ascii: "]")) { break }
            guard !atEnd else { throw TOMLSyntaxError(at: open, "unterminated array; close it with ]") }
            elements.append(try value())
            skipTrivia(newlines: true)
            if skip(UInt8(ascii: ",")) { continue }
            if skip(UInt8(ascii: "]")) { break }
            throw atEnd
                ? TOMLSyntaxError(at: open, "unterminated array; close it with ]")
                : error("expected ',' or ']' in the array")
        }
        nesting -= 1
        return elements
    }

    /// `{key = value, …}` on one line, no trailing comma; complete once written.
    private mutating func inlineTable(at open: TOMLPosition) throws(TOMLSyntaxError) -> TOMLTable {
        index += 1
        nesting += 1
        var table = TOMLTable(.inline)
        skipWhitespace()
        if !skip(UInt8(ascii: "}")) {
            while true {
                let pair = try keyValue()
                try table.insert(pair)
                skipWhitespace()
                if skip(UInt8(ascii: "}")) { break }
                guard skip(UInt8(ascii: ",")) else {
                    throw peek == nil || peek == 0x0A || peek == 0x0D || peek == UInt8(ascii: "#")
                        ? TOMLSyntaxError(at: open, "unterminated inline table; an inline table is on one line")
                        : error("expected ',' or '}' in the inline table")
                }
                skipWhitespace()
                if peek == UInt8(ascii: "}") { throw error("no trailing comma after an inline table's last value") }
            }
        }
        nesting -= 1
        return table
    }
}
