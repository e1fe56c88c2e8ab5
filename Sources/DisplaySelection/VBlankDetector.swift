/// Decides from observed page flips whether the driver has a real vertical blank.
///
/// The kernel stamps each flip event with the CRTC's vblank counter. A driver with a vblank interrupt advances it
/// at every refresh; one without (bochs, virtio-gpu, simpledrm, SPI panels) has no counter, and the kernel fakes
/// its events with 0 at whatever moment the flip happened, thousands per second whatever refresh the mode
/// claims. Timing is no evidence: on an emulated or loaded CPU an instant flip can take as long as a blank. So
/// the counter decides: vblank as soon as it advances, a timer when `sampleCount` flips left it where it was
/// (two completed flips can never share a real blank, so a few are proof). The decision is then kept.
public struct VBlankDetector: Sendable {
    /// The mode's refresh period, nil when the mode's refresh is implausible.
    public let period: Duration?
    /// How many flips with a standing counter mean the driver has none.
    public let sampleCount: Int
    private var firstSequence: UInt32?
    private var flips = 0
    private var decided: PacingDecision?

    /// Plausible refresh rates for a display: outside this range the mode's numbers are not believed.
    public static let plausibleMillihertz = 20_000...300_000

    /// A detector for a mode refreshing at `modeRefreshMillihertz` (nil when unknown).
    public init(modeRefreshMillihertz: Int?, sampleCount: Int = 3) {
        self.sampleCount = max(2, sampleCount)
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

    /// Records one flip's completion (submitted at `submitted`, on the same clock; kept for the log's sake).
    public mutating func recordFlip(submitted: Duration, completion: FlipCompletion) {
        guard decided == nil, let period else { return }
        flips += 1
        guard let first = firstSequence else {
            firstSequence = completion.sequence
            return
        }
        if completion.sequence != first {
            decided = .vblank(period: period)
        } else if flips >= sampleCount {
            decided = .timer(
                period: PacingDecision.fallbackTimerPeriod,
                reason: .noVBlankCounter(latency: completion.time - submitted, period: period))
        }
    }
}
