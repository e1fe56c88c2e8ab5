/// When the screen is lit: from `on` to `off` on each of `days`. An `off` earlier than `on` runs past midnight
/// (`on = "18:00"`, `off = "02:00"`): that span belongs to the day it starts on.
public struct ScreenSchedule: Equatable, Sendable {
    /// When the screen turns on.
    public var on: ClockTime
    /// When it turns off; never equal to `on`.
    public var off: ClockTime
    /// The days whose span is lit; never empty.
    public var days: Set<Weekday>

    /// A schedule; nil when `on == off` (no span), `on` is 24:00 or `days` is empty.
    public init?(on: ClockTime, off: ClockTime, days: Set<Weekday> = Set(Weekday.allCases)) {
        guard on != off, on.minuteOfDay < 1440, !days.isEmpty else { return nil }
        self.on = on
        self.off = off
        self.days = days
    }

    /// Whether the screen should be on at `time`.
    public func isScreenOn(at time: LocalTime) -> Bool {
        let second = time.secondOfDay
        let onSecond = on.minuteOfDay * 60
        let offSecond = off.minuteOfDay * 60
        if on < off {
            return days.contains(time.weekday) && second >= onSecond && second < offSecond
        }
        // Overnight: the evening part is today's span, the early-morning part is yesterday's.
        if second >= onSecond { return days.contains(time.weekday) }
        if second < offSecond { return days.contains(time.weekday.previous) }
        return false
    }

    /// How long until `isScreenOn` next changes after `time`, so a loop can sleep until then instead of polling.
    public func timeUntilNextChange(after time: LocalTime) -> Duration {
        let now = isScreenOn(at: time)
        // Changes happen only at the on and off times; try each of the next eight days' in order.
        var candidates: [Int] = []
        for day in 0...7 {
            for minute in [on.minuteOfDay, off.minuteOfDay] {
                let offset = day * 86_400 + minute * 60 - time.secondOfDay
                if offset > 0 { candidates.append(offset) }
            }
        }
        for offset in candidates.sorted() {
            let later = time.secondOfDay + offset
            var weekday = time.weekday
            for _ in 0..<(later / 86_400) { weekday = weekday.next }
            let then = LocalTime(weekday: weekday, hour: 0, minute: 0, second: later % 86_400)
            if isScreenOn(at: then) != now { return .seconds(offset) }
        }
        // On around the clock every day (00:00 to 24:00): nothing changes; look again in a week.
        return .seconds(7 * 86_400)
    }
}
