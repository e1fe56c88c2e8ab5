extension TOMLLineScanner {
    mutating func basicString() throws(TOMLSyntaxError) -> String {
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
                        let v = UInt32(string(index..<index + n), radix: 16),
                        let scalar = Unicode.Scalar(v)
                    else { throw error("bad \\\(e) escape", column: escCol) }
                    s.append(scalar)
                    index += n
                default:
                    throw error("unknown escape \\\(e) in string", column: escCol)
                }
            default: s.append(c)
            }
        }
        throw error("unterminated string; close it with \" on the same line", column: open)
    }

    mutating func literalString() throws(TOMLSyntaxError) -> String {
        let open = column
        index += 1
        var s = String.UnicodeScalarView()
        while let c = peek {
            index += 1
            if c == "'" { return String(s) }
            s.append(c)
        }
        throw error("unterminated string; close it with ' on the same line", column: open)
    }

    /// An integer when the text is digits only (with sign and `_`), else a finite decimal.
    mutating func number(inArray: Bool) throws(TOMLSyntaxError) -> TOMLValue.Kind {
        let start = index
        let col = column
        // Inside an array ',' and ']' end a number; outside they belong to it, so `5,` reads "not a number: 5,".
        while let c = peek, c != " ", c != "\t", c != "#", !(inArray && (c == "," || c == "]")) { index += 1 }
        let written = string(start..<index)
        let text = String(written.unicodeScalars.filter { $0 != "_" })  // TOML allows 1_000; Swift does not
        let digits = text.first == "-" || text.first == "+" ? text.dropFirst() : Substring(text)
        if !digits.isEmpty, digits.unicodeScalars.allSatisfy({ ("0"..."9").contains($0) }) {
            guard let v = Int(text) else { throw error("integer out of range: \(written)", column: col) }
            return .integer(v)
        }
        // Swift's Double(String) also reads hex floats ("0x1p3"), "inf" and "nan"; the subset has decimals only.
        let decimalScalars = text.unicodeScalars.allSatisfy {
            ("0"..."9").contains($0) || "+-.eE".unicodeScalars.contains($0)
        }
        guard decimalScalars, let v = Double(text), v.isFinite, !text.hasSuffix("."), !text.hasPrefix(".") else {
            throw error("not a number: \(written)", column: col)
        }
        return .decimal(v)
    }

    /// `true` or `false`, ended like any other value.
    mutating func boolean(inArray: Bool) throws(TOMLSyntaxError) -> Bool {
        let start = index
        let col = column
        while let c = peek, ("a"..."z").contains(c) { index += 1 }
        switch string(start..<index) {
        case "true" where !inArray: return true
        case "false" where !inArray: return false
        case "true", "false": throw error("an array holds only strings or only numbers", column: col)
        default: throw error(dialect.valueHint, column: col)
        }
    }
}
