extension TOMLDateTime {
    /// Reads RFC 3339 as TOML allows it: `YYYY-MM-DD`, `HH:MM:SS[.fraction]`, or both joined by `T`, `t` or a
    /// space with an optional offset (`Z`, `z`, `±HH:MM`); nil unless every field is present and in range.
    /// Fractional digits past nanoseconds are dropped, as TOML allows.
    init?(parsing token: UnsafeBufferPointer<UInt8>) {
        var reader = FieldReader(token: token)
        var date: Date?
        var time: Time?
        var offset: Int?
        if token.count >= 5, token[4] == UInt8(ascii: "-") {
            guard let year = reader.field(4), reader.skip("-"), let month = reader.field(2), reader.skip("-"),
                let day = reader.field(2), (1...12).contains(month),
                (1...Self.days(inMonth: month, year: year)).contains(day)
            else { return nil }
            date = Date(year: year, month: month, day: day)
            guard !reader.atEnd else {
                self.init(date: date, time: nil)
                return
            }
            guard reader.skip("T") || reader.skip("t") || reader.skip(" ") else { return nil }
        }
        guard let hour = reader.field(2), reader.skip(":"), let minute = reader.field(2), reader.skip(":"),
            let second = reader.field(2), hour < 24, minute < 60, second < 61
        else { return nil }
        var nanosecond = 0
        var digits = 0
        if reader.skip(".") {
            while let d = reader.digit() {
                if digits < 9 {
                    nanosecond = nanosecond * 10 + d
                    digits += 1
                }
            }
            guard digits > 0 else { return nil }
            for _ in digits..<9 { nanosecond *= 10 }
        }
        time = Time(hour: hour, minute: minute, second: second, nanosecond: nanosecond, fractionDigits: digits)
        if date != nil, !reader.atEnd {
            if reader.skip("Z") || reader.skip("z") {
                offset = 0
            } else {
                let negative = reader.skip("-")
                guard negative || reader.skip("+"), let h = reader.field(2), reader.skip(":"), let m = reader.field(2),
                    h < 24, m < 60
                else { return nil }
                offset = (negative ? -1 : 1) * (h * 60 + m)
            }
        }
        guard reader.atEnd else { return nil }
        self.init(date: date, time: time, offsetMinutes: offset)
    }

    /// The same reading of a whole string (a command-line argument): nil unless it is one date, time or both.
    public init?(parsing text: String) {
        var text = text
        guard let value = text.withUTF8({ Self(parsing: $0) }) else { return nil }
        self = value
    }

    static func days(inMonth month: Int, year: Int) -> Int {
        switch month {
        case 2: return year % 4 == 0 && (year % 100 != 0 || year % 400 == 0) ? 29 : 28
        case 4, 6, 9, 11: return 30
        default: return 31
        }
    }
}

/// Fixed-width decimal fields and separators, left to right.
private struct FieldReader {
    let token: UnsafeBufferPointer<UInt8>
    var i = 0

    var atEnd: Bool { i == token.count }

    mutating func digit() -> Int? {
        guard i < token.count, isDigit(token[i]) else { return nil }
        i += 1
        return Int(token[i - 1] - UInt8(ascii: "0"))
    }

    mutating func field(_ width: Int) -> Int? {
        var value = 0
        for _ in 0..<width {
            guard let d = digit() else { return nil }
            value = value * 10 + d
        }
        return value
    }

    mutating func skip(_ c: Unicode.Scalar) -> Bool {
        guard i < token.count, token[i] == UInt8(ascii: c) else { return false }
        i += 1
        return true
    }
}
