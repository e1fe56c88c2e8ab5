import WallClock

extension LocalTime {
    /// The local time `elapsed` after Monday 00:00, a week around: a simulated wall clock for the schedules.
    public static func afterMondayMidnight(_ elapsed: Duration) -> LocalTime {
        let s = Int(elapsed.components.seconds) % (7 * 86_400)
        return LocalTime(
            weekday: Weekday.allCases[s / 86_400], hour: s % 86_400 / 3600, minute: s % 3600 / 60, second: s % 60)
    }
}
