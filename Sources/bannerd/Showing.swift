import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop
import WallClock

/// What is on screen: the content's banners (`loaded`), which of them their schedules allow now (`scheduled`),
/// and the presenter that renders those (`banners`). Replaced whole when reloaded content takes over or a new
/// display needs a new presenter (`take`); a schedule's edge changes it in one step (`hold`). Each change is a
/// new `generation`, so an index read before it is never taken for the same banner after it (proof of play).
/// `bannerd run` and `bannerd render` both keep one.
struct Showing {
    let loaded: BannerList
    /// Changes by itself as its edges pass (`ScheduledBanners.step`); what it allows changes through `hold`.
    var scheduled: ScheduledBanners
    let presenter: CarouselPresenter
    private(set) var generation = 0

    /// The banners the carousel holds: those of `loaded` their schedules allow.
    var banners: BannerList { presenter.banners }

    /// `loaded` as its schedules allow it at `now` (monotonic) and `reading` (the wall clock, read only when a
    /// banner has a schedule), rendered by the presenter `present` makes for those banners.
    init(
        _ loaded: BannerList, now: Duration, reading: @autoclosure () -> ClockReading,
        present: (BannerList) -> CarouselPresenter
    ) {
        let timetable = BannerTimetable(count: loaded.count) { [loaded] in loaded.schedule(at: $0) }
        let scheduled = ScheduledBanners(timetable: timetable, now: now, reading: reading())
        self.init(loaded: loaded, scheduled: scheduled, presenter: present(Self.subset(scheduled.shown, of: loaded)))
    }

    init(loaded: BannerList, scheduled: ScheduledBanners, presenter: CarouselPresenter) {
        self.loaded = loaded
        self.scheduled = scheduled
        self.presenter = presenter
    }

    /// The same banners and schedules, rendered by `presenter` (a display of another size, rotation or format).
    func presented(by presenter: CarouselPresenter) -> Showing {
        Showing(loaded: loaded, scheduled: scheduled, presenter: presenter)
    }

    /// `next` is shown from now on.
    mutating func take(_ next: Showing) {
        let generation = self.generation + 1
        self = next
        self.generation = generation
    }

    /// A schedule's `.hold`: the carousel holds `shown` of `loaded` from now on (the presenter keeps the sprites of
    /// the banners that stay; `before` is what it held) and rests on `centre` since the moment `carousel` came to
    /// rest, so the centred banner keeps the time it has had on screen; on the wall clock's timeline with
    /// `wallOffset` (passed, not taken from `carousel`: one banner left has no timeline). Returns that carousel.
    mutating func hold(
        _ shown: [Int], centre: Int, after carousel: Carousel, before: [Int], wallOffset: Duration?
    ) -> Carousel {
        presenter.replace(banners: Self.subset(shown, of: loaded)) { shown.firstIndex(of: before[$0]) }
        generation += 1
        return banners.carousel(
            layout: carousel.layout, metrics: carousel.metrics, startIndex: centre, time: carousel.restSince,
            paused: carousel.autoplayPaused, wallOffset: wallOffset)
    }

    /// The banners at `indices` of `loaded`; `loaded` itself, shared, when all are there (the usual case).
    private static func subset(_ indices: [Int], of loaded: BannerList) -> BannerList {
        indices.count == loaded.count ? loaded : BannerList(indices.lazy.map { loaded[$0] })
    }
}
