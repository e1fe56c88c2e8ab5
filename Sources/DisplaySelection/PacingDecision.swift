/// How the frame loop is paced.
public enum PacingDecision: Equatable, Sendable {
    /// Not enough page flips seen yet; pace by flip events meanwhile (they are bounded by the flip timeout).
    case measuring
    /// Flip completions follow a real vertical blank: pace by them.
    case vblank(period: Duration)
    /// The driver has no usable vblank: pace with a timer.
    case timer(period: Duration, reason: NoVBlankReason)

    /// The period to use as a timer when flips cannot be trusted.
    public static let fallbackTimerPeriod = Duration.nanoseconds(1_000_000_000 / 60)
}

/// Why flip events were judged unusable for pacing.
public enum NoVBlankReason: Equatable, Sendable, CustomStringConvertible {
    /// The mode's refresh is missing or implausible.
    case implausibleRefresh(millihertz: Int?)
    /// Flip events carry no vblank counter (bochs, virtio-gpu, simpledrm, SPI panels): flips complete whenever
    /// they are done, not at a blank. `latency` is the last flip's, for the log.
    case noVBlankCounter(latency: Duration, period: Duration)
    /// The device has no page flips at all (fbdev).
    case noPageFlips

    private func milliseconds(_ d: Duration) -> String {
        let tenths = Int((d / .milliseconds(1) * 10).rounded())
        return "\(tenths / 10).\(tenths % 10) ms"
    }

    /// One line for logs.
    public var description: String {
        switch self {
        case .implausibleRefresh(let millihertz):
            return "mode reports refresh \(millihertz.map { "\(Double($0) / 1000) Hz" } ?? "none")"
        case .noVBlankCounter(let latency, let period):
            return "page flips carry no vblank count (the last completed \(milliseconds(latency)) after it was queued; "
                + "the mode claims \(milliseconds(period)) refreshes)"
        case .noPageFlips:
            return "the device has no page flips"
        }
    }
}
