import TOMLDecoding

/// A banner's `start` or `end`: a moment on the UTC timeline (a date-time with an offset) or on the local
/// clock (a local date-time, or a local date meaning its midnight), which moves with the zone's daylight saving.
public enum ScheduleMoment: Hashable, Sendable {
    /// Seconds since 1970-01-01 00:00 UTC.
    case utc(seconds: Int)
    /// Seconds since 1970-01-01 00:00 local time (`ClockReading.localSeconds`).
    case local(seconds: Int)

    /// The moment a TOML date-time names, to the second (a fraction is dropped); nil for a time without a date.
    public init?(_ value: TOMLDateTime) {
        guard let date = value.date else { return nil }
        let time = value.time ?? TOMLDateTime.Time(hour: 0, minute: 0, second: 0)
        let seconds =
            CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day) * 86_400 + time.hour * 3600
            + time.minute * 60 + min(time.second, 59)  // a leap second (:60) is read as :59
        if let offset = value.offsetMinutes {
            self = .utc(seconds: seconds - offset * 60)
        } else {
            self = .local(seconds: seconds)
        }
    }

    /// Seconds from `reading` until this moment (negative once it has passed), local moments at the reading's
    /// zone offset.
    public func seconds(after reading: ClockReading) -> Int {
        switch self {
        case .utc(let seconds): return seconds - reading.utcSeconds
        case .local(let seconds): return seconds - reading.localSeconds
        }
    }

    /// Whether the moment has come at `reading`.
    public func hasCome(at reading: ClockReading) -> Bool { seconds(after: reading) <= 0 }
}
