/// A span of each of `days`, from `start` to `end` local time: bannerd.toml's `[schedule]` (the screen's hours)
/// and a banner's `days` and `hours`. An `end` earlier than `start` runs past midnight (`18:00` to `02:00`): that
/// span belongs to the day it starts on.
public struct DailyWindow: Hashable, Sendable {
    /// When the span starts.
    public var start: ClockTime
    /// When it ends; never equal to `start`.
    public var end: ClockTime
    /// The days whose span counts; never empty.
    public var days: Set<Weekday>

    /// A window; nil when `start == end` (no span), `start` is 24:00 or `days` is empty.
    public init?(start: ClockTime, end: ClockTime, days: Set<Weekday> = Set(Weekday.allCases)) {
        guard start != end, start.minuteOfDay < 1440, !days.isEmpty else { return nil }
        self.start = start
        self.end = end
        self.days = days
    }

    /// Whether the window holds every moment: all day, every day.
    public var isAlways: Bool {
        start == .startOfDay && end == .endOfDay && days.count == Weekday.allCases.count
    }

    /// Whether `time` falls in the window.
    public func contains(_ time: LocalTime) -> Bool {
        let second = time.secondOfDay
        let startSecond = start.minuteOfDay * 60
        let endSecond = end.minuteOfDay * 60
        if start < end {
            return days.contains(time.weekday) && second >= startSecond && second < endSecond
        }
        // Overnight: the evening part is today's span, the early-morning part is yesterday's.
        if second >= startSecond { return days.contains(time.weekday) }
        if second < endSecond { return days.contains(time.weekday.previous) }
        return false
    }

    /// How long until `contains` next changes after `time`, so a loop can sleep until then instead of polling.
    public func timeUntilNextChange(after time: LocalTime) -> Duration {
        let now = contains(time)
        // Changes happen only at the start and end times; try each of the next eight days' in order.
        var candidates: [Int] = []
        for day in 0...7 {
            for minute in [start.minuteOfDay, end.minuteOfDay] {
                let offset = day * 86_400 + minute * 60 - time.secondOfDay
                if offset > 0 { candidates.append(offset) }
            }
        }
        for offset in candidates.sorted() {
            let later = time.secondOfDay + offset
            var weekday = time.weekday
            for _ in 0..<(later / 86_400) { weekday = weekday.next }
            let then = LocalTime(weekday: weekday, hour: 0, minute: 0, second: later % 86_400)
            if contains(then) != now { return .seconds(offset) }
        }
        // Around the clock every day (00:00 to 24:00): nothing changes; look again in a week.
        return .seconds(7 * 86_400)
    }
}
