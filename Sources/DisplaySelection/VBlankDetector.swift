/// Decides from observed page flips whether the driver has a real vertical blank.
///
/// With a real vblank a flip completes at the next blank: on average half a period after submission and
/// never more than one period apart from the previous completion when flips are back to back. Drivers without
/// one (bochs, simpledrm, SPI panels) complete flips at once, thousands per second, whatever refresh the mode
/// claims. The decision is made once, after `sampleCount` flips, and then kept.
public struct VBlankDetector: Sendable {
    /// The mode's refresh period, nil when the mode's refresh is implausible.
    public let period: Duration?
    /// How many flips are measured before deciding.
    public let sampleCount: Int
    private var latencies: [Duration] = []
    private var decided: PacingDecision?

    /// Plausible refresh rates for a display: outside this range the mode's numbers are not believed.
    public static let plausibleMillihertz = 20_000...300_000

    /// A detector for a mode refreshing at `modeRefreshMillihertz` (nil when unknown).
    public init(modeRefreshMillihertz: Int?, sampleCount: Int = 30) {
        self.sampleCount = max(1, sampleCount)
        if let millihertz = modeRefreshMillihertz, Self.plausibleMillihertz.contains(millihertz) {
            period = .nanoseconds(Int64(1_000_000_000_000 / millihertz))
        } else {
            period = nil
            decided = .timer(
                period: PacingDecision.fallbackTimerPeriod,
                reason: .implausibleRefresh(millihertz: modeRefreshMillihertz))
        }
    }

    /// The current decision.
    public var decision: PacingDecision { decided ?? .measuring }

    /// Records one flip: submitted at `submitted`, its completion event stamped `completed` (same clock).
    public mutating func recordFlip(submitted: Duration, completed: Duration) {
        guard decided == nil, let period else { return }
        latencies.append(max(.zero, completed - submitted))
        guard latencies.count >= sampleCount else { return }
        let median = latencies.sorted()[latencies.count / 2]
        // A real blank makes the median latency a sizeable fraction of a period; an eighth leaves room for
        // submissions that happen to land just before the blank.
        if median * 8 < period {
            decided = .timer(
                period: PacingDecision.fallbackTimerPeriod, reason: .flipsTooFast(medianLatency: median, period: period)
            )
        } else {
            decided = .vblank(period: period)
        }
        latencies = []
    }
}
