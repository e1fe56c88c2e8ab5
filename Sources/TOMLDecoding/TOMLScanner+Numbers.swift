extension TOMLScanner {
    /// A bare value: a boolean, integer, float or date/time, read as one token up to the next delimiter. A
    /// malformed one is recorded (reading goes on after it) and stands in as 0.
    mutating func bareValue() throws(TOMLSyntaxError) -> TOMLValue.Kind {
        let start = index
        let at = position()
        while let b = peek, isTokenByte(b) { index += 1 }
        // A date and a time may be separated by a space: 1979-05-27 07:32:00.
        if index - start == 10, peek == 0x20, let h = peek(1), let m = peek(2), peek(3) == UInt8(ascii: ":"),
            isDigit(h), isDigit(m), looksLikeDate(start)
        {
            index += 1
            while let b = peek, isTokenByte(b) { index += 1 }
        }
        guard index > start else { throw error(Self.valueHint) }
        let token = UnsafeBufferPointer(rebasing: bytes[start..<index])
        if token.elementsEqual("true".utf8) { return .boolean(true) }
        if token.elementsEqual("false".utf8) { return .boolean(false) }
        let written = String(decoding: token, as: UTF8.self)
        if token.contains(UInt8(ascii: ":")) || looksLikeDate(start) {
            guard let value = TOMLDateTime(parsing: token) else {
                record(
                    "not a valid date or time: \(written) (write 1979-05-27, 07:32:00 or 1979-05-27T07:32:00Z)", at: at)
                return .integer(0)
            }
            return .dateTime(value)
        }
        do throws(TOMLNumberProblem) {
            return try Self.number(token)
        } catch {
            record("\(error.message): \(written)", at: at)
            return .integer(0)
        }
    }

    static let valueHint =
        "expected a value: a \"quoted string\", a number, true, false, a date, [an, array] or {an = inline table}"

    private func isTokenByte(_ b: UInt8) -> Bool {
        isDigit(b) || (b | 0x20 >= UInt8(ascii: "a") && b | 0x20 <= UInt8(ascii: "z")) || b == UInt8(ascii: "_")
            || b == UInt8(ascii: "+") || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: ":")
    }

    private func looksLikeDate(_ start: Int) -> Bool {
        index - start >= 10 && (0..<4).allSatisfy { isDigit(bytes[start + $0]) }
            && bytes[start + 4] == UInt8(ascii: "-")
    }
}

func isDigit(_ b: UInt8) -> Bool { b >= UInt8(ascii: "0") && b <= UInt8(ascii: "9") }

/// Why a number token is not a TOML integer or float.
struct TOMLNumberProblem: Error {
    let message: String
}

extension TOMLScanner {
    /// An integer (decimal, 0x, 0o, 0b) or float (fraction, exponent, inf, nan), underscores only between digits.
    static func number(_ token: UnsafeBufferPointer<UInt8>) throws(TOMLNumberProblem) -> TOMLValue.Kind {
        var i = 0
        let sign = token.first == UInt8(ascii: "+") || token.first == UInt8(ascii: "-") ? token[0] : nil
        if sign != nil { i = 1 }
        let negative = sign == UInt8(ascii: "-")
        let rest = UnsafeBufferPointer(rebasing: token[i...])
        if rest.elementsEqual("inf".utf8) { return .float(negative ? -.infinity : .infinity) }
        if rest.elementsEqual("nan".utf8) { return .float(negative ? -.nan : .nan) }
        if rest.count > 2, rest[0] == UInt8(ascii: "0"), let radix = radix(of: rest[1]) {
            guard sign == nil else { throw TOMLNumberProblem(message: "a 0x, 0o or 0b integer takes no sign") }
            return .integer(try integer(UnsafeBufferPointer(rebasing: rest[2...]), radix: radix, negative: false))
        }
        var end = i
        guard digitRun(token, &end, radix: 10) else { throw TOMLNumberProblem(message: "not a number") }
        let integerPart = UnsafeBufferPointer(rebasing: token[i..<end])
        if integerPart.count > 1, integerPart[0] == UInt8(ascii: "0") {
            throw TOMLNumberProblem(message: "leading zeros are not allowed")
        }
        guard end < token.count else { return .integer(try integer(integerPart, radix: 10, negative: negative)) }
        if token[end] == UInt8(ascii: ".") {
            end += 1
            guard digitRun(token, &end, radix: 10) else {
                throw TOMLNumberProblem(message: "a decimal point needs digits on both sides")
            }
        }
        if end < token.count, token[end] | 0x20 == UInt8(ascii: "e") {
            end += 1
            if end < token.count, token[end] == UInt8(ascii: "+") || token[end] == UInt8(ascii: "-") { end += 1 }
            guard digitRun(token, &end, radix: 10) else { throw TOMLNumberProblem(message: "an exponent needs digits") }
        }
        guard end == token.count else { throw TOMLNumberProblem(message: "not a number") }
        var text = ""
        text.unicodeScalars.append(contentsOf: token.lazy.filter { $0 != UInt8(ascii: "_") }.map { Unicode.Scalar($0) })
        guard let value = Double(text) else { throw TOMLNumberProblem(message: "not a number") }
        guard value.isFinite else { throw TOMLNumberProblem(message: "float out of range (write inf for infinity)") }
        return .float(value)
    }

    private static func radix(of b: UInt8) -> Int? {
        switch b {
        case UInt8(ascii: "x"): return 16
        case UInt8(ascii: "o"): return 8
        case UInt8(ascii: "b"): return 2
        default: return nil
        }
    }

    /// Digits of `radix` with single underscores between them, from `i` on; false if there are none or an
    /// underscore is misplaced. Leaves `i` after the run.
    private static func digitRun(_ token: UnsafeBufferPointer<UInt8>, _ i: inout Int, radix: Int) -> Bool {
        let start = i
        var previousWasDigit = false
        while i < token.count {
            let b = token[i]
            if b == UInt8(ascii: "_") {
                guard previousWasDigit else { return false }
                previousWasDigit = false
            } else if digitValue(b, radix: radix) != nil {
                previousWasDigit = true
            } else {
                break
            }
            i += 1
        }
        return i > start && previousWasDigit
    }

    private static func digitValue(_ b: UInt8, radix: Int) -> Int? {
        let value: Int
        switch b {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): value = Int(b - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): value = Int(b - UInt8(ascii: "a")) + 10
        case UInt8(ascii: "A")...UInt8(ascii: "F"): value = Int(b - UInt8(ascii: "A")) + 10
        default: return nil
        }
        return value < radix ? value : nil
    }

    /// The digits (underscores between them) as a 64-bit integer; out of range is an error, as TOML requires.
    private static func integer(
        _ digits: UnsafeBufferPointer<UInt8>, radix: Int, negative: Bool
    ) throws(TOMLNumberProblem) -> Int {
        var end = 0
        guard digitRun(digits, &end, radix: radix), end == digits.count else {
            throw TOMLNumberProblem(message: "not a number")
        }
        var value = 0
        for b in digits {
            guard let d = digitValue(b, radix: radix) else { continue }
            let (shifted, o1) = value.multipliedReportingOverflow(by: radix)
            let (next, o2) = negative ? shifted.subtractingReportingOverflow(d) : shifted.addingReportingOverflow(d)
            guard !o1, !o2 else { throw TOMLNumberProblem(message: "integer out of range (64 bits)") }
            value = next
        }
        return value
    }
}
