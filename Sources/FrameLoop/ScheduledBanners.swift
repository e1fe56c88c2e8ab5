import CarouselEngine
import WallClock

/// Which of the loaded banners the carousel holds as their schedules open and close, and when it may change so
/// that nothing on screen jumps. The timetable is looked at only when its next edge is due (or the wall clock was
/// set); the carousel changes only while it rests untouched. A banner whose window closes while centred stays
/// until it leaves as autoplay leaves a banner: its neighbours become the active banners at once, it finishes its
/// time and slides away (at once when autoplay is off or paused); when no banner remains, its time ends and the
/// carousel is empty (the background alone).
public struct ScheduledBanners: Sendable {
    /// What the loop does to the carousel.
    public enum Change: Equatable, Sendable {
        /// Hold these banners (indices into the loaded list, in order), at rest on the one at `centre`.
        case hold([Int], centre: Int)
        /// Move to the next banner now, as autoplay would (the centred banner's window closed).
        case slideAway
    }

    /// The schedules of the loaded banners.
    public private(set) var timetable: BannerTimetable
    /// The loaded banners the carousel holds, in order: the active ones, and a leaving one while it is centred.
    public private(set) var shown: [Int]
    /// When to look at the clock next (monotonic); nil: at the next step.
    private var lookAt: Duration?

    /// The banners `timetable` allows at `reading` (read only when a banner has a schedule), all shown at once:
    /// a new carousel starts with them.
    public init(timetable: BannerTimetable, now: Duration, reading: @autoclosure () -> ClockReading) {
        self.timetable = timetable
        shown = []
        if timetable.hasSchedules { look(at: now, reading: reading()) }
        shown = self.timetable.active
    }

    /// Whether the carousel holds a banner its schedule no longer allows (centred, on its way out).
    public var holdsLeavingBanner: Bool { shown.count > timetable.active.count }

    /// The wall clock was set: look at it again at the next step.
    public mutating func clockChanged() {
        lookAt = nil
    }

    /// What to do at `now` to `carousel`, which holds `shown`; nil: nothing.
    public mutating func step(at now: Duration, reading: @autoclosure () -> ClockReading, carousel: Carousel)
        -> Change?
    {
        guard timetable.hasSchedules else { return nil }
        if lookAt.map({ now >= $0 }) ?? true { look(at: now, reading: reading()) }
        let active = timetable.active
        guard shown != active, carousel.isSettled else { return nil }
        guard !shown.isEmpty, shown.indices.contains(carousel.index) else { return hold(active, centre: nil) }
        let centre = shown[carousel.index]
        if active.contains(centre) { return hold(active, centre: centre) }
        // The centred banner is leaving: its neighbours become the active banners first.
        let staying = (active + [centre]).sorted()
        if staying != shown { return hold(staying, centre: centre) }
        if active.isEmpty {
            // Nothing to slide to: it finishes its time, then the carousel empties.
            guard let end = timeUp(carousel), now < end else { return hold(active, centre: nil) }
            return nil
        }
        return carousel.nextAutoplayTime == nil ? .slideAway : nil
    }

    /// The latest time the loop may sleep until for the schedules; nil without any.
    public func deadline(carousel: Carousel) -> Duration? {
        guard timetable.hasSchedules else { return nil }
        guard let lookAt else { return .zero }
        if holdsLeavingBanner, timetable.active.isEmpty, let end = timeUp(carousel) { return min(lookAt, end) }
        return lookAt
    }

    private mutating func look(at now: Duration, reading: ClockReading) {
        _ = timetable.update(at: reading)
        lookAt = now + (timetable.timeUntilNextLook(after: reading) ?? ClockReading.longestSleep)
    }

    private mutating func hold(_ banners: [Int], centre: Int?) -> Change {
        shown = banners
        return .hold(banners, centre: centre.flatMap { banners.firstIndex(of: $0) } ?? 0)
    }

    /// When the centred banner's time on screen ends; nil when autoplay is off or paused (no time to finish).
    private func timeUp(_ carousel: Carousel) -> Duration? {
        guard !carousel.autoplayPaused, let interval = carousel.autoplayInterval(for: carousel.index) else {
            return nil
        }
        return carousel.restSince + interval
    }
}
