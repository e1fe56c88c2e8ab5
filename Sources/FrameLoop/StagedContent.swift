/// When new content replaces what is on screen (a reload): the carousel keeps showing the banners it shows until
/// the new banners around its centre (two either side, as pre-rendering keeps them) are rendered, and changes only
/// while it rests untouched, so no placeholder stands in for a banner and nothing on screen jumps. A renderer that
/// stops making progress (a broken or huge image) does not hold the update back for long: after
/// `RenderingPatience` without a banner rendered, the carousel changes at its next rest and shows placeholders
/// for what is still missing.
public struct StagedContent: Sendable {
    /// When the update was staged, or when the last of its banners was rendered.
    public private(set) var lastProgress: Duration

    public init(since: Duration) {
        lastProgress = since
    }

    /// One of the new banners was rendered at `now`: rendering goes on, so the wait starts afresh.
    public mutating func bannersRendered(at now: Duration) {
        lastProgress = max(lastProgress, now)
    }

    /// Whether to change to the new content at `now`: its banners around the centre are rendered (`ready`), or
    /// rendering has made no progress for `RenderingPatience`; and the carousel on screen is `settled` (at rest, no
    /// finger down).
    public func isDue(at now: Duration, ready: Bool, settled: Bool) -> Bool {
        settled && (ready || now >= deadline)
    }

    /// When patience runs out: the loop must look again then even if nothing else wakes it.
    public var deadline: Duration { lastProgress + RenderingPatience.sinceLastBanner }
}
