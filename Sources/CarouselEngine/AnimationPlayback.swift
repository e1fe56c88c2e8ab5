/// Which frame each animated banner on screen shows, and when the next one is due.
///
/// An animation begins at its first frame when its banner is the one playing (`Carousel.playingBanner`: the centre
/// one, once the carousel rests on it or a finger holds it), so it plays from its start as it arrives (an animation
/// played once is seen whole), and plays while it stays there. A banner that slides, or leaves the centre, holds
/// the frame it shows until it is off screen, so a slide never jumps; one that plays again before that goes on from
/// where it held. Off screen it is forgotten, to begin again next time.
///
/// At most three banners are on screen, so the list stays that short and a step allocates nothing.
public struct AnimationPlayback: Sendable {
    fileprivate struct Entry: Sendable {
        var banner: Int
        /// When frame 0 would have begun, while it plays; nil while it holds.
        var since: Duration?
        /// How far in it is (while it holds: how far it had got).
        var elapsed: Duration
        var frame: Int
        /// When the frame shown gives way, while it plays and more frames follow.
        var nextChange: Duration?
    }

    private var entries: [Entry] = []

    public init() {
        entries.reserveCapacity(4)
    }

    /// Brings the animations of `views` up to `now`, with `playing` the banner that plays (`Carousel.playingBanner`)
    /// and the others holding; `timeline` gives a banner's timeline (nil: a still, or not rendered yet). Returns
    /// whether a frame on screen changed.
    public mutating func advance(
        _ views: VisibleViews, playing: Int?, at now: Duration, timeline: (Int) -> AnimationTimeline?
    ) -> Bool {
        var changed = false
        // Off screen, or rendered again as a still: nothing of it left to draw differently.
        entries.removeAll { entry in !views.contains { $0.banner == entry.banner } || timeline(entry.banner) == nil }
        for view in views {
            guard let timeline = timeline(view.banner) else { continue }
            let index: Int
            if let found = entries.firstIndex(where: { $0.banner == view.banner }) {
                index = found
            } else {
                entries.append(Entry(banner: view.banner, since: nil, elapsed: .zero, frame: 0, nextChange: nil))
                index = entries.count - 1
            }
            changed = entries[index].move(timeline, playing: view.banner == playing, at: now) || changed
        }
        return changed
    }

    /// The frame banner `banner` shows (0 for one not playing).
    public func frame(of banner: Int) -> Int {
        entries.first { $0.banner == banner }?.frame ?? 0
    }

    /// Whether `banner`'s animation is playing (at the centre, with frames to come), not holding a frame.
    public func isPlaying(_ banner: Int) -> Bool {
        entries.contains { $0.banner == banner && $0.nextChange != nil }
    }

    /// When the next frame of an animation on screen is due; nil when none will change by itself.
    public var nextChange: Duration? {
        var earliest: Duration?
        for entry in entries {  // read at every wake-up: no array made
            if let due = entry.nextChange, earliest.map({ due < $0 }) ?? true { earliest = due }
        }
        return earliest
    }

    /// Whether an animation on screen is playing and has frames to come.
    public var isMoving: Bool {
        entries.contains { $0.nextChange != nil }
    }

    /// Moves each animation to its banner's new index, forgetting those `newIndex` maps to nil.
    public mutating func renumber(_ newIndex: (Int) -> Int?) {
        entries = entries.compactMap { entry in
            guard let index = newIndex(entry.banner) else { return nil }
            var moved = entry
            moved.banner = index
            return moved
        }
    }
}

extension AnimationPlayback.Entry {
    /// Plays or holds at `now`; returns whether the frame changed.
    fileprivate mutating func move(_ timeline: AnimationTimeline, playing: Bool, at now: Duration) -> Bool {
        switch (since, playing) {
        case (nil, true): since = now - elapsed
        case (let began?, false):
            elapsed = now - began
            since = nil
        default: break
        }
        if let since { elapsed = now - since }
        let shown = timeline.frame(at: elapsed)
        nextChange = since.flatMap { began in timeline.nextChange(after: elapsed).map { began + $0 } }
        defer { frame = shown }
        return shown != frame
    }
}
