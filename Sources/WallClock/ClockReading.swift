/// The wall clock at one moment: seconds since the Unix epoch and the local zone's offset from UTC then. The
/// caller reads both from the system (`time` and `localtime_r`'s `tm_gmtoff`), so schedules stay pure and tests
/// can play any clock and any time zone rule, daylight saving time included.
public struct ClockReading: Equatable, Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    public var utcSeconds: Int
    /// Seconds east of UTC at that moment (3600 for CET, 7200 for CEST).
    public var utcOffsetSeconds: Int
    /// Milliseconds into the second (0 to 999): proof of play's records show when a slide reached the centre to
    /// the frame, so the records of the boards of a wall can be compared; schedules read whole seconds.
    public var milliseconds: Int

    /// The reading `utcSeconds` (and `milliseconds` into it) with the zone `utcOffsetSeconds` east of UTC.
    public init(utcSeconds: Int, utcOffsetSeconds: Int, milliseconds: Int = 0) {
        self.utcSeconds = utcSeconds
        self.utcOffsetSeconds = utcOffsetSeconds
        self.milliseconds = milliseconds
    }

    /// The longest a caller sleeps between readings while a schedule is set: a daylight-saving change moves local
    /// time without setting the system clock (no clock-change event), so schedules follow it within a minute
    /// rather than an hour late. One wake-up a minute is nothing next to the frame loop's budget.
    public static let longestSleep: Duration = .seconds(60)

    /// Seconds since 1970-01-01 00:00 local time: local dates and times compare as these.
    public var localSeconds: Int { utcSeconds + utcOffsetSeconds }

    /// The day of the week and the second of the day, local time.
    public var localTime: LocalTime {
        let day = CivilCalendar.floorDivide(localSeconds, 86_400)
        return LocalTime(
            weekday: CivilCalendar.weekday(ofDayNumber: day), hour: 0, minute: 0,
            second: localSeconds - day * 86_400)
    }

    /// The same zone offset, `seconds` later.
    public func advanced(bySeconds seconds: Int) -> ClockReading {
        ClockReading(utcSeconds: utcSeconds + seconds, utcOffsetSeconds: utcOffsetSeconds, milliseconds: milliseconds)
    }

    /// The local day's number (days since 1970-01-01, local time).
    public var localDay: Int { CivilCalendar.floorDivide(localSeconds, 86_400) }

    /// `YYYY-MM-DD`, the local date.
    public var localDate: String {
        let date = CivilCalendar.date(ofDayNumber: localDay)
        return Self.pad(date.year, 4) + "-" + Self.pad(date.month, 2) + "-" + Self.pad(date.day, 2)
    }

    /// `YYYY-MM-DD HH:MM` local time, as `bannerd check` prints it.
    public var localDescription: String {
        let minute = (localSeconds - localDay * 86_400) / 60
        return localDate + " " + (ClockTime(hour: minute / 60, minute: minute % 60)?.description ?? "")
    }

    /// RFC 3339 with the zone's offset, to the millisecond: `2026-11-25T17:05:09.250+01:00` (what JSON readers and
    /// `date -d` take).
    public var rfc3339: String {
        let second = localSeconds - localDay * 86_400
        let offset = abs(utcOffsetSeconds) / 60
        return localDate + "T" + Self.pad(second / 3600, 2) + ":" + Self.pad(second / 60 % 60, 2) + ":"
            + Self.pad(second % 60, 2) + "." + Self.pad(milliseconds, 3) + (utcOffsetSeconds < 0 ? "-" : "+")
            + Self.pad(offset / 60, 2) + ":" + Self.pad(offset % 60, 2)
    }

    private static func pad(_ n: Int, _ width: Int) -> String {
        let digits = String(n)
        return String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
