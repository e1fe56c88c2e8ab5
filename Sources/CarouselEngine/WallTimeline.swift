/// Autoplay as a pure function of the wall clock (`[carousel] sync = "wall-clock"`): every board with the same
/// banners and the same clock shows the same banner and starts each slide at the same instant, with no master and
/// no traffic between them.
///
/// Time since the Unix epoch is cut into slots, one per banner in order, repeating: banner `i`'s slot lasts its
/// autoplay interval plus the slide that brings it in (`slide`, the longest a snap may run), so it rests at least
/// its whole interval whatever the screen's width. The cycle starts at the epoch, so the slot under any instant
/// is arithmetic, not history: a board started late, or restarted, is at once where the others are.
public struct WallTimeline: Sendable {
    /// One banner's turn: it slides in at `start` and the next one at `end` (wall-clock time since the epoch).
    public struct Slot: Equatable, Sendable {
        public let banner: Int
        public let start: Duration
        public let end: Duration
    }

    /// Number of banners; at least 2 (one banner never moves).
    public let count: Int
    /// Where each banner's slot starts within the cycle, in nanoseconds; `count + 1` entries, the last the cycle.
    private let starts: [Int64]

    /// The timeline of `count` banners where banner `i` rests `interval(i)` after a slide of `slide`; nil when
    /// fewer than 2 banners or any interval is not positive (no autoplay: nothing to keep in step).
    public init?(count: Int, slide: Duration, interval: (Int) -> Duration?) {
        guard count >= 2 else { return nil }
        var starts = [Int64]()
        starts.reserveCapacity(count + 1)
        var total: Int64 = 0
        for index in 0..<count {
            guard let rest = interval(index), rest > .zero else { return nil }
            starts.append(total)
            total += Self.nanoseconds(rest + slide)
        }
        starts.append(total)
        self.count = count
        self.starts = starts
    }

    /// One turn of every banner.
    public var cycle: Duration { .nanoseconds(starts[count]) }

    /// The slot under wall-clock time `wall`.
    public func slot(at wall: Duration) -> Slot {
        let time = Self.nanoseconds(wall)
        let cycle = starts[count]
        var within = time % cycle
        if within < 0 { within += cycle }
        // The last slot start at or before `within` (binary search: thousands of banners cost nothing per slide).
        var low = 0
        var high = count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= within { low = middle } else { high = middle - 1 }
        }
        let start = time - (within - starts[low])
        return Slot(
            banner: low, start: .nanoseconds(start), end: .nanoseconds(start + starts[low + 1] - starts[low]))
    }

    /// The slot that begins at the first slot boundary at or after `wall`.
    public func slot(startingAtOrAfter wall: Duration) -> Slot {
        let under = slot(at: wall)
        return under.start == wall ? under : slot(at: under.end)
    }

    /// `duration` in whole nanoseconds (the timeline's unit: exact integer arithmetic across boards).
    static func nanoseconds(_ duration: Duration) -> Int64 {
        let (seconds, attoseconds) = duration.components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}

/// A carousel following a `WallTimeline`: the timeline and where it sits on the carousel's own clock.
public struct WallClockAutoplay: Sendable {
    public let timeline: WallTimeline
    /// Wall-clock time minus the carousel's time (CLOCK_REALTIME − CLOCK_MONOTONIC for `bannerd run`, `--at` for
    /// `render`); set again when the wall clock is stepped.
    public var offset: Duration

    public init(timeline: WallTimeline, offset: Duration) {
        self.timeline = timeline
        self.offset = offset
    }

    /// The slot beginning at the first boundary at or after the carousel's time `time`, in the carousel's time.
    func slot(startingAtOrAfter time: Duration) -> WallTimeline.Slot {
        carouselTime(timeline.slot(startingAtOrAfter: time + offset))
    }

    /// The slot after the one under the carousel's time `time`, in the carousel's time.
    func slot(after time: Duration) -> WallTimeline.Slot {
        carouselTime(timeline.slot(at: timeline.slot(at: time + offset).end))
    }

    /// The slot under the carousel's time `time`, in the carousel's time.
    public func slot(at time: Duration) -> WallTimeline.Slot {
        carouselTime(timeline.slot(at: time + offset))
    }

    /// The banner whose slot is under the carousel's time `time`.
    public func banner(at time: Duration) -> Int {
        slot(at: time).banner
    }

    private func carouselTime(_ slot: WallTimeline.Slot) -> WallTimeline.Slot {
        WallTimeline.Slot(banner: slot.banner, start: slot.start - offset, end: slot.end - offset)
    }
}

extension WallTimeline {
    /// The timeline of `carousel`'s banners and autoplay intervals, each slot a whole snap (`snapMaximumDuration`)
    /// longer; nil without autoplay or with fewer than 2 banners.
    public init?(following carousel: Carousel) {
        self.init(count: carousel.count, slide: carousel.metrics.snapMaximumDuration) {
            carousel.autoplayInterval(for: $0)
        }
    }
}
