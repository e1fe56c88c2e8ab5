/// A moment in local time as a schedule sees it: the day of the week and the second of the day. The caller
/// reads it from the system clock (`ClockReading.localTime`), so schedules stay pure and testable at any moment.
public struct LocalTime: Equatable, Sendable {
    /// The day of the week.
    public var weekday: Weekday
    /// Seconds since local midnight, 0…86 399 (a leap second is read as 86 399).
    public var secondOfDay: Int

    /// `weekday` at `hour`:`minute`:`second`, clamped into the day.
    public init(weekday: Weekday, hour: Int, minute: Int, second: Int = 0) {
        self.weekday = weekday
        secondOfDay = min(max(hour * 3600 + minute * 60 + second, 0), 86_399)
    }
}
