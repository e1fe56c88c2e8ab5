/// Simulated monotonic time for tests: moves only when told to.
public final class ManualClock {
    /// The current simulated time.
    public var now: Duration

    public init(now: Duration = .zero) {
        self.now = now
    }

    /// Moves the clock to `time`; never backwards.
    public func advance(to time: Duration) {
        now = max(now, time)
    }
}
