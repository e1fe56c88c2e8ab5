/// One of TOML's four date and time values: an offset date-time (`1979-05-27T07:32:00Z`), a local date-time
/// (no offset), a local date or a local time. Fractional seconds keep the digits written, up to nanoseconds.
public struct TOMLDateTime: Hashable, Sendable, CustomStringConvertible {
    /// A calendar date.
    public struct Date: Hashable, Sendable {
        public var year: Int
        public var month: Int
        public var day: Int

        /// A date; the caller checks it exists.
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
    }

    /// A time of day.
    public struct Time: Hashable, Sendable {
        public var hour: Int
        public var minute: Int
        public var second: Int
        /// The fraction of the second in nanoseconds.
        public var nanosecond: Int
        /// How many fractional digits were written (0 to 9), so the value prints as written.
        public var fractionDigits: Int

        /// A time; the caller checks its fields are in range.
        public init(hour: Int, minute: Int, second: Int, nanosecond: Int = 0, fractionDigits: Int = 0) {
            self.hour = hour
            self.minute = minute
            self.second = second
            self.nanosecond = nanosecond
            self.fractionDigits = fractionDigits
        }
    }

    /// The date, absent for a local time.
    public var date: Date?
    /// The time, absent for a local date.
    public var time: Time?
    /// Minutes east of UTC, present only for an offset date-time.
    public var offsetMinutes: Int?

    /// A value from its parts: date and time with an offset, without one, a date alone or a time alone.
    public init(date: Date?, time: Time?, offsetMinutes: Int? = nil) {
        self.date = date
        self.time = time
        self.offsetMinutes = offsetMinutes
    }

    /// RFC 3339 as TOML writes it: `T` between date and time, `Z` for a zero offset.
    public var description: String {
        var s = ""
        if let date {
            s += pad(date.year, 4) + "-" + pad(date.month, 2) + "-" + pad(date.day, 2)
            if time != nil { s += "T" }
        }
        if let time {
            s += pad(time.hour, 2) + ":" + pad(time.minute, 2) + ":" + pad(time.second, 2)
            if time.fractionDigits > 0 {
                var scale = 1
                for _ in time.fractionDigits..<9 { scale *= 10 }
                s += "." + pad(time.nanosecond / scale, time.fractionDigits)
            }
        }
        if let offsetMinutes {
            let magnitude = abs(offsetMinutes)
            s +=
                offsetMinutes == 0
                ? "Z" : (offsetMinutes < 0 ? "-" : "+") + pad(magnitude / 60, 2) + ":" + pad(magnitude % 60, 2)
        }
        return s
    }

    private func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
