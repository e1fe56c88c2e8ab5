/// When new content replaces what is on screen (a reload): the carousel keeps showing the banners it shows until
/// the new banners around its centre (two either side, as pre-rendering keeps them) are rendered, and changes only
/// while it rests untouched, so no placeholder stands in for a banner and nothing on screen jumps. A renderer that
/// stops making progress (a broken or huge image) does not hold the update back for long: after
/// `RenderingPatience` without a banner rendered, the carousel changes at its next rest and shows placeholders
/// for what is still missing. Meanwhile its own carousel rests on the banner the screen shows (`follow`).
public struct StagedContent: Sendable {
    /// When the update was staged, or when the last of its banners was rendered.
    public private(set) var lastProgress: Duration
    /// The rest of the carousel on screen (its banner and since when) that the staged carousel was made for.
    private var shown: (index: Int, since: Duration)

    /// Staged at `since`, while the carousel on screen rests on `index` since `restingSince`.
    public init(since: Duration, showing index: Int, restingSince: Duration) {
        lastProgress = since
        shown = (index, restingSince)
    }

    /// Whether staged content goes on screen at once: with no display or a dark screen there is nothing on glass
    /// that a change could disturb.
    public static func takesOverAtOnce(hasDisplay: Bool, lit: Bool) -> Bool {
        !hasDisplay || !lit
    }

    /// The carousel on screen is on `index`, resting since `since` (its last rest while it moves): true when that
    /// is another rest than the staged carousel was made for, which must then be made again on the banner shown
    /// now. Only then are the new banners searched for it: a step must not walk 10,000 banners.
    public mutating func follow(index: Int, since: Duration) -> Bool {
        guard index != shown.index || since != shown.since else { return false }
        shown = (index, since)
        return true
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
