/// When new content replaces what is on screen (a reload): the carousel keeps showing the banners it shows until
/// the new banners around its centre (two either side, as pre-rendering keeps them) are rendered, and changes only
/// while it rests untouched, so no placeholder stands in for a banner and nothing on screen jumps. A renderer that takes longer than `patience` (a
/// broken or huge image) does not hold the update back: the carousel then changes at its next rest and shows
/// placeholders for what is still missing.
public struct StagedContent: Sendable {
    /// How long an update waits for its banners to be rendered.
    public static let patience: Duration = .seconds(10)

    /// When the update was staged.
    public let since: Duration

    public init(since: Duration) {
        self.since = since
    }

    /// Whether to change to the new content at `now`: its banners around the centre are rendered (`ready`), or
    /// it has waited `patience`; and the carousel on screen is `settled` (at rest, no finger down).
    public func isDue(at now: Duration, ready: Bool, settled: Bool) -> Bool {
        settled && (ready || now >= deadline)
    }

    /// When patience runs out: the loop must look again then even if nothing else wakes it.
    public var deadline: Duration { since + Self.patience }
}
