import WallClock

/// When the screen is lit: the schedule's hours, and for a while after a touch outside them.
///
/// Pure: the caller passes the monotonic time (for the touch wake, immune to clock changes) and the local time
/// (for the schedule), and sleeps until `nextChange` instead of polling.
public struct ScreenPower: Sendable {
    /// Whether the screen is lit, and why.
    public enum State: String, Sendable {
        /// Within the schedule's hours (or no schedule).
        case on
        /// Outside them, lit by a touch until the wake runs out.
        case woken
        /// Outside them: the display is off, nothing is drawn and autoplay waits.
        case off

        /// Whether the display shows the carousel.
        public var isLit: Bool { self != .off }
    }

    /// How long a touch lights the screen outside the schedule's hours, counted from the latest input.
    public static let defaultWakeDuration: Duration = .seconds(60)

    /// The hours; nil keeps the screen on around the clock.
    public let schedule: ScreenSchedule?
    /// How long a touch lights the screen outside the hours.
    public let wakeDuration: Duration
    /// Monotonic end of the latest touch wake.
    private var wokenUntil: Duration?

    /// The policy for `schedule`, a touch lighting the screen for `wakeDuration`.
    public init(schedule: ScreenSchedule?, wakeDuration: Duration = defaultWakeDuration) {
        self.schedule = schedule
        self.wakeDuration = wakeDuration
    }

    /// The state at monotonic time `now`, local time `local`.
    public func state(now: Duration, local: LocalTime) -> State {
        if schedule?.contains(local) ?? true { return .on }
        if let wokenUntil, now < wokenUntil { return .woken }
        return .off
    }

    /// Input arrived at `now`. Outside the hours it lights the screen (or keeps it lit) for `wakeDuration`.
    /// Returns true when the screen was off: that input only woke it and must not reach the carousel (a tap
    /// on a dark screen must not start a banner's action).
    public mutating func input(now: Duration, local: LocalTime) -> Bool {
        let before = state(now: now, local: local)
        guard before != .on else {
            wokenUntil = nil
            return false
        }
        wokenUntil = now + wakeDuration
        return before == .off
    }

    /// The monotonic time by which the state may next change (the schedule's next on or off, or the end of a
    /// touch wake), at most `ClockReading.longestSleep` away; nil without a schedule. The caller checks `state`
    /// again then: a change of the wall clock or of daylight saving time moves the schedule's instants, so this is
    /// when to look, not a promise.
    public func nextChange(now: Duration, local: LocalTime) -> Duration? {
        guard let schedule else { return nil }
        var next = now + min(schedule.timeUntilNextChange(after: local), ClockReading.longestSleep)
        if let wokenUntil, wokenUntil > now { next = min(next, wokenUntil) }
        return next
    }
}
