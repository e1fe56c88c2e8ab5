import BannerContent
import CarouselEngine
import FrameLoop
import Glibc
import MonotonicTime
import WallClock

/// Banners' own schedules (banners.toml `start`, `end`, `days`, `hours`): the carousel holds the banners allowed
/// now, and changes at each edge without a reload and without a jump (`ScheduledBanners` decides when).
extension MainLoop {
    /// The wall clock now: time(2), and the zone's offset from localtime_r (/etc/localtime, daylight saving
    /// included).
    static func clockReading() -> ClockReading {
        var now = time(nil)
        var parts = tm()
        // localtime_r cannot fail for the current time; UTC keeps the schedules going if it ever did.
        let offset = localtime_r(&now, &parts) != nil ? parts.tm_gmtoff : 0
        return ClockReading(utcSeconds: Int(now), utcOffsetSeconds: offset)
    }

    /// The schedules of `loaded` at `now`, and the banners they allow.
    static func schedule(_ loaded: BannerList, now: Duration) -> (ScheduledBanners, BannerList) {
        let timetable = BannerTimetable(count: loaded.count) { [loaded] in loaded.schedule(at: $0) }
        let scheduled = ScheduledBanners(timetable: timetable, now: now, reading: clockReading())
        return (scheduled, subset(scheduled.shown, of: loaded))
    }

    /// The banners at `indices` of `loaded`; `loaded` itself, shared, when all are there (the usual case).
    static func subset(_ indices: [Int], of loaded: BannerList) -> BannerList {
        indices.count == loaded.count ? loaded : BannerList(indices.lazy.map { loaded[$0] })
    }

    /// Takes freshly loaded content: the carousel is to hold the banners their schedules allow now.
    func adopt(_ fresh: BannerList) {
        loaded = fresh
        (scheduled, banners) = Self.schedule(fresh, now: MonotonicClock.now())
    }

    /// Changes the carousel when a schedule's edge has come and the carousel can change unseen.
    func applySchedules(at now: Duration) {
        let before = scheduled.shown
        switch scheduled.step(at: now, reading: Self.clockReading(), carousel: scheduler.carousel) {
        case .hold(let shown, let centre):
            banners = Self.subset(shown, of: loaded)
            presenter.replace(banners: banners) { shown.firstIndex(of: before[$0]) }
            // Resting since the same moment: the centred banner keeps the time it has had on screen.
            let restSince = scheduler.carousel.restSince
            scheduler.replace(freshCarousel(layout: scheduler.carousel.layout, startIndex: centre, time: restSince))
            Log.info("schedules: \(scheduled.timetable.active.count) of \(loaded.count) banner(s) active")
            sendStatus()
        case .slideAway:
            scheduler.update { $0.show(banner: ($0.index + 1) % $0.count, at: now) }
        case nil:
            break
        }
    }
}
