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
    /// Flips complete far sooner than one refresh period (bochs, simpledrm, SPI panels complete at once).
    case flipsTooFast(medianLatency: Duration, period: Duration)
    /// The device has no page flips at all (fbdev).
    case noPageFlips

    /// One line for logs.
    public var description: String {
        switch self {
        case .implausibleRefresh(let millihertz):
            return "mode reports refresh \(millihertz.map { "\(Double($0) / 1000) Hz" } ?? "none")"
        case .flipsTooFast(let latency, let period):
            return "page flips complete after \(latency) against a \(period) refresh period"
        case .noPageFlips:
            return "the device has no page flips"
        }
    }
}
