import TOMLDecoding

/// A schedule value that cannot be used: the message a person can act on, and where the value is.
public struct ScheduleValueError: Error, Equatable, Sendable {
    public var message: String
    public var position: TOMLPosition

    public init(_ message: String, at position: TOMLPosition) {
        self.message = message
        self.position = position
    }
}

/// The schedule keys as TOML files write them, read the same way (and with the same messages) for bannerd.toml's
/// `[schedule]` and banners.toml's `days`, `hours`, `start` and `end`.
public enum ScheduleValues {
    /// `days = ["mon-fri", "sun"]`: names or their first three letters, and ranges that may wrap (`fri-mon`).
    public static func days(_ value: TOMLValue) throws(ScheduleValueError) -> Set<Weekday> {
        guard let elements = value.array else {
            throw ScheduleValueError(
                "days must be an array of quoted strings, not \(value.typeDescription)", at: value.position)
        }
        var days: Set<Weekday> = []
        for element in elements {
            guard let some = element.string.flatMap(Weekday.days(parsing:)) else {
                throw ScheduleValueError(
                    "days are names such as \"mon\" or ranges such as \"mon-fri\"", at: element.position)
            }
            days.formUnion(some)
        }
        if days.isEmpty { throw ScheduleValueError("days is empty; remove it for every day", at: value.position) }
        return days
    }

    /// A 24-hour time `"HH:MM"` named `key`.
    public static func time(_ value: TOMLValue, key: String) throws(ScheduleValueError) -> ClockTime {
        guard let time = value.string.flatMap(ClockTime.init(parsing:)) else {
            throw ScheduleValueError(
                "\(key) must be a 24-hour time \"HH:MM\" such as \"07:00\" or \"22:30\"", at: value.position)
        }
        return time
    }

    /// `hours = "07:00-11:30"` on each of `days`; the end may be earlier than the start (past midnight).
    public static func hours(_ value: TOMLValue, days: Set<Weekday>) throws(ScheduleValueError) -> DailyWindow {
        let parts = value.string?.split(separator: "-", omittingEmptySubsequences: false) ?? []
        guard parts.count == 2, let start = ClockTime(parsing: String(parts[0])),
            let end = ClockTime(parsing: String(parts[1]))
        else {
            throw ScheduleValueError(
                "hours must be \"HH:MM-HH:MM\" on a 24-hour clock, e.g. hours = \"07:00-11:30\" "
                    + "(or \"22:00-02:00\" past midnight)", at: value.position)
        }
        guard let window = DailyWindow(start: start, end: end, days: days) else {
            throw ScheduleValueError(
                start == end
                    ? "hours start and end at the same time; remove hours for all day"
                    : "hours must start before 24:00",
                at: value.position)
        }
        return window
    }

    /// `start` or `end`: a TOML date-time, with or without an offset, or a local date (its midnight).
    public static func moment(_ value: TOMLValue, key: String) throws(ScheduleValueError) -> ScheduleMoment {
        guard let moment = value.dateTime.flatMap(ScheduleMoment.init) else {
            throw ScheduleValueError(
                "\(key) must be a TOML date or date-time without quotes, e.g. \(key) = 2025-04-01 or "
                    + "\(key) = 2025-04-01T08:00:00+02:00", at: value.position)
        }
        return moment
    }
}
