import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop
import Glibc
import WallClock

/// Banners' own schedules (banners.toml `start`, `end`, `days`, `hours`): the carousel holds the banners allowed
/// now, and changes at each edge without a reload and without a jump (`ScheduledBanners` decides when).
extension MainLoop {
    /// The wall clock now: time(2), and the zone's offset from localtime_r (/etc/localtime, daylight saving
    /// included).
    static func clockReading() -> ClockReading { clockReading(utcSeconds: Int(time(nil))) }

    /// The wall clock at `utcSeconds`, with this machine's zone offset at that moment.
    static func clockReading(utcSeconds: Int) -> ClockReading {
        var moment = time_t(utcSeconds)
        var parts = tm()
        // localtime_r fails only for a year past an int's range; UTC keeps the schedules going if it ever did.
        let offset = localtime_r(&moment, &parts) != nil ? parts.tm_gmtoff : 0
        return ClockReading(utcSeconds: utcSeconds, utcOffsetSeconds: offset)
    }

    /// The schedules of `loaded` at `now` (monotonic) and `reading` (the wall clock), and the banners they allow.
    static func schedule(_ loaded: BannerList, now: Duration, reading: @autoclosure () -> ClockReading = clockReading())
        -> (ScheduledBanners, BannerList)
    {
        let timetable = BannerTimetable(count: loaded.count) { [loaded] in loaded.schedule(at: $0) }
        let scheduled = ScheduledBanners(timetable: timetable, now: now, reading: reading())
        return (scheduled, subset(scheduled.shown, of: loaded))
    }

    /// A schedule's `.hold`, as `run` and `render` apply it: the carousel holds `shown` of `loaded` (the
    /// presenter keeps the sprites of the banners that stay) and rests on `centre` since the moment `carousel`
    /// came to rest, so the centred banner keeps the time it has had on screen.
    static func hold(
        _ shown: [Int], centre: Int, after carousel: Carousel, before: [Int], of loaded: BannerList,
        presenter: CarouselPresenter
    ) -> (BannerList, Carousel) {
        let banners = subset(shown, of: loaded)
        presenter.replace(banners: banners) { shown.firstIndex(of: before[$0]) }
        let held = banners.carousel(
            layout: carousel.layout, metrics: carousel.metrics, startIndex: centre, time: carousel.restSince,
            paused: carousel.autoplayPaused)
        return (banners, held)
    }

    /// The banners at `indices` of `loaded`; `loaded` itself, shared, when all are there (the usual case).
    static func subset(_ indices: [Int], of loaded: BannerList) -> BannerList {
        indices.count == loaded.count ? loaded : BannerList(indices.lazy.map { loaded[$0] })
    }

    /// Changes the carousel when a schedule's edge has come and the carousel can change unseen.
    func applySchedules(at now: Duration) {
        let before = scheduled.shown
        switch scheduled.step(at: now, reading: Self.clockReading(), carousel: scheduler.carousel) {
        case .hold(let shown, let centre):
            let held: Carousel
            (banners, held) = Self.hold(
                shown, centre: centre, after: scheduler.carousel, before: before, of: loaded, presenter: presenter)
            frames.replace(held)
            glassSeen = .stale
            Log.info("schedules: \(scheduled.timetable.active.count) of \(loaded.count) banner(s) active")
            sendStatus()
        case .slideAway:
            motionCause = .schedule
            frames.update { $0.show(banner: ($0.index + 1) % $0.count, at: now) }
        case nil:
            break
        }
    }
}
