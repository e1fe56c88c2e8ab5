/// Estimates a finger's speed from its recent samples, the way touch toolkits do.
///
/// Keeps at most `capacity` samples in a ring (no allocation after creation) and fits a least-squares
/// line through those within `window` of the newest. Fewer than three such samples fall back to the
/// slope between the last two; a single sample gives zero. Timestamps are the events' own, not frame times.
public struct VelocityTracker: Sendable {
    public static let capacity = 20
    private var times = [Double](repeating: 0, count: capacity)
    private var values = [Double](repeating: 0, count: capacity)
    private var newest = -1
    private var stored = 0
    private let window: Double
    private let pauseLimit: Double

    public init(window: Duration = .milliseconds(100), pauseLimit: Duration = .milliseconds(40)) {
        self.window = window.seconds
        self.pauseLimit = pauseLimit.seconds
    }

    /// Forgets every sample (a new contact took over).
    public mutating func reset() {
        newest = -1
        stored = 0
    }

    /// Records the position (points) at `time`.
    public mutating func add(_ value: Double, at time: Duration) {
        newest = (newest + 1) % Self.capacity
        times[newest] = time.seconds
        values[newest] = value
        stored = min(stored + 1, Self.capacity)
    }

    /// Velocity in points per second at the moment the finger lifted at `liftTime`.
    /// Zero when the finger rested longer than the pause limit before lifting.
    public func velocity(liftTime: Duration) -> Double {
        guard stored > 0 else { return 0 }
        let t0 = times[newest]
        if liftTime.seconds - t0 > pauseLimit { return 0 }
        // Least squares over the samples inside the window, with time relative to the newest.
        var n = 0.0
        var sumT = 0.0
        var sumX = 0.0
        var sumTT = 0.0
        var sumTX = 0.0
        for i in 0..<stored {
            let slot = (newest - i + Self.capacity) % Self.capacity
            let t = times[slot] - t0
            if -t > window { break }
            let x = values[slot] - values[newest]
            n += 1
            sumT += t
            sumX += x
            sumTT += t * t
            sumTX += t * x
        }
        if n >= 3 {
            let denominator = n * sumTT - sumT * sumT
            if denominator > 1e-12 { return (n * sumTX - sumT * sumX) / denominator }
        }
        guard stored >= 2 else { return 0 }
        let previous = (newest - 1 + Self.capacity) % Self.capacity
        let dt = t0 - times[previous]
        return dt > 0 ? (values[newest] - values[previous]) / dt : 0
    }
}
