import CarouselEngine
import Raster

/// What became of the frames of videos and long animations drawn as they play, since the counts were last taken.
public struct StreamCounts: Equatable, Sendable {
    /// Decoded and drawn off the loop, and handed over.
    public var drawn = 0
    /// Put on screen at their time, or late.
    public var shown = 0
    /// Drawn, then passed over: the frame after them fell due before they went on screen.
    public var dropped = 0
    /// Not drawn by their time (the frame before stayed on screen), each counted once.
    public var late = 0

    public init(drawn: Int = 0, shown: Int = 0, dropped: Int = 0, late: Int = 0) {
        self.drawn = drawn
        self.shown = shown
        self.dropped = dropped
        self.late = late
    }
}

/// The frames of streamed animations on screen (`StreamDrawer`): those drawn ahead of their time, and the one each
/// banner shows: the frame due once it has been drawn; until then the newest drawn before it, else the one shown (a
/// late frame, counted). A board too slow for the file's rate so shows the frames it manages, late, and the picture
/// moves on; dropping what came late, it stood still.
struct StreamPlayout {
    /// How many frames are drawn ahead of the one due.
    static let window = 2

    private var ahead: [DrawnFrame] = []
    /// One per banner showing a frame past its first.
    private var shown: [DrawnFrame] = []
    /// The frame last found not drawn at its time, so that each late frame is counted once.
    private var lastLate: (banner: Int, frame: Int)?
    /// Since `takeCounts()`.
    private(set) var counts = StreamCounts()

    init() {
        ahead.reserveCapacity(2 * Self.window + 2)
        shown.reserveCapacity(4)
    }

    /// The sprite `banner` shows; nil: its first frame (kept in its picture), or a frame on a plane.
    func sprite(of banner: Int) -> Sprite? {
        shown.first { $0.banner == banner }?.sprite
    }

    /// The frame `banner` shows; nil: its first frame.
    func shownFrame(of banner: Int) -> DrawnFrame? {
        shown.first { $0.banner == banner }
    }

    /// `frame` drawn again another way (a frame on a plane as a sprite, when another banner takes the planes) in place
    /// of the same frame its banner shows; false when that banner shows another.
    @discardableResult
    mutating func redrawn(_ frame: DrawnFrame) -> Bool {
        guard let at = shown.firstIndex(where: { $0.banner == frame.banner && $0.frame == frame.frame }) else {
            return false
        }
        shown[at] = frame
        return true
    }

    /// Whether frame `frame` of `banner` is drawn and waiting.
    func has(_ banner: Int, frame: Int) -> Bool {
        ahead.contains { $0.banner == banner && $0.frame == frame }
    }

    /// Whether frame `frame` of `banner` is drawn: waiting, or the one the banner shows.
    func isDrawn(_ banner: Int, frame: Int) -> Bool {
        has(banner, frame: frame) || shown.contains { $0.banner == banner && $0.frame == frame }
    }

    /// Whether `frame`, drawn, is what its banner shows with frame `due` of `count` due: the one due, or one between
    /// the frame shown and it.
    func shows(_ frame: DrawnFrame, due: Int, count: Int) -> Bool {
        let showing = shown.first { $0.banner == frame.banner }?.frame ?? 0
        let forward = Self.distance(from: showing, to: frame.frame, count: count)
        return forward > 0 && forward <= Self.distance(from: showing, to: due, count: count)
    }

    /// Shows frame `due` of `banner` (of `count` frames) if it is drawn, or 0 (the picture's own); else the newest
    /// drawn frame between the one shown and it (late). Frames behind the one shown now are dropped; those ahead of
    /// `due` that were asked for are kept. Returns whether what the banner shows changed.
    @discardableResult
    mutating func show(_ banner: Int, due: Int, count: Int) -> Bool {
        let current = shown.firstIndex { $0.banner == banner }
        let showing = current.map { shown[$0].frame } ?? 0
        guard showing != due else { return false }
        // The frame to show: the one due, else the newest between the one shown and it.
        let behind = Self.distance(from: showing, to: due, count: count)
        var pick: Int?
        var picked = 0
        for (i, frame) in ahead.enumerated() where frame.banner == banner {
            let forward = Self.distance(from: showing, to: frame.frame, count: count)
            if forward > picked, forward <= behind {
                (pick, picked) = (i, forward)
            }
        }
        let chosen = pick.map { ahead[$0].frame }
        let before = ahead.count
        ahead.removeAll { frame in
            guard frame.banner == banner, frame.frame != chosen else { return false }
            let ahead = Self.distance(from: due, to: frame.frame, count: count)
            return ahead == 0 || ahead > Self.window
        }
        counts.dropped += before - ahead.count
        if due == 0 {
            ahead.removeAll { $0.banner == banner && $0.frame == chosen }
            if let current { shown.remove(at: current) }
            return true
        }
        if chosen != due, lastLate.map({ $0 != (banner, due) }) ?? true {
            counts.late += 1
            lastLate = (banner, due)
        }
        guard let chosen, let taken = ahead.firstIndex(where: { $0.banner == banner && $0.frame == chosen }) else {
            return false
        }
        let frame = ahead.remove(at: taken)
        counts.shown += 1
        if let current { shown[current] = frame } else { shown.append(frame) }
        return true
    }

    /// The frames to draw next for `banner` with frame `due` of `count` due: that one if it is late, and the `window`
    /// after it, as far as they are not drawn yet (frame 0 is the picture's own). A late frame stays asked for, so a
    /// new request never drops it.
    func wanted(_ banner: Int, due: Int, count: Int) -> [Int] {
        let showing = shown.first { $0.banner == banner }?.frame ?? 0
        return (0...Self.window).map { (due + $0) % count }.filter {
            $0 != 0 && $0 != showing && !has(banner, frame: $0)
        }
    }

    /// Forgets the frames of `banner` drawn ahead (it gave up the planes they were drawn for).
    mutating func dropWaiting(of banner: Int) {
        ahead.removeAll { $0.banner == banner }
    }

    /// A frame drawn off the loop; false when it was here already, or shown.
    @discardableResult
    mutating func add(_ frame: DrawnFrame) -> Bool {
        guard !has(frame.banner, frame: frame.frame),
            shown.first(where: { $0.banner == frame.banner })?.frame != frame.frame
        else { return false }
        ahead.append(frame)
        counts.drawn += 1
        return true
    }

    /// Forgets the banners not in `views` (off screen: they begin again from their first frame).
    mutating func keep(_ views: VisibleViews) {
        ahead.removeAll { frame in !views.contains { $0.banner == frame.banner } }
        shown.removeAll { frame in !views.contains { $0.banner == frame.banner } }
    }

    /// `counts`, counted afresh from now.
    mutating func takeCounts() -> StreamCounts {
        defer { counts = StreamCounts() }
        return counts
    }

    /// Everything forgotten (new banners).
    mutating func removeAll() {
        ahead.removeAll(keepingCapacity: true)
        shown.removeAll(keepingCapacity: true)
    }

    /// How many frames forward `frame` is from `start` in a loop of `count` (0 for the same frame).
    private static func distance(from start: Int, to frame: Int, count: Int) -> Int {
        ((frame - start) % count + count) % count
    }
}
