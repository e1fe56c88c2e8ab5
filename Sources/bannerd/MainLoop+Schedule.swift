import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop
import Glibc
import WallClock

/// Banners' own schedules (banners.toml `start`, `end`, `days`, `hours`): the carousel holds the banners allowed
/// now, and changes at each edge without a reload and without a jump (`ScheduledBanners` decides when).
extension MainLoop {
    /// The wall clock now, to the millisecond (CLOCK_REALTIME), and the zone's offset from localtime_r
    /// (/etc/localtime, daylight saving included).
    static func clockReading() -> ClockReading {
        var now = timespec()
        clock_gettime(CLOCK_REALTIME, &now)  // fails only for an unknown clock id
        return clockReading(utcSeconds: Int(now.tv_sec), milliseconds: Int(now.tv_nsec) / 1_000_000)
    }

    /// The wall clock at `utcSeconds` (and `milliseconds` into it), with this machine's zone offset at that moment.
    static func clockReading(utcSeconds: Int, milliseconds: Int = 0) -> ClockReading {
        var moment = time_t(utcSeconds)
        var parts = tm()
        // localtime_r fails only for a year past an int's range; UTC keeps the schedules going if it ever did.
        let offset = localtime_r(&moment, &parts) != nil ? parts.tm_gmtoff : 0
        return ClockReading(utcSeconds: utcSeconds, utcOffsetSeconds: offset, milliseconds: milliseconds)
    }

    /// Changes the carousel when a schedule's edge has come and the carousel can change unseen.
    func applySchedules(at now: Duration) {
        let before = showing.scheduled.shown
        switch showing.scheduled.step(at: now, reading: Self.clockReading(), carousel: scheduler.carousel) {
        case .hold(let shown, let centre):
            frames.replace(
                showing.hold(
                    shown, centre: centre, after: scheduler.carousel, before: before, wallOffset: settings.wallOffset))
            let active = showing.scheduled.timetable.active.count
            Log.info("schedules: \(active) of \(showing.loaded.count) banner(s) active")
            sendStatus()
        case .slideAway:
            plays.glass.moved(by: .schedule)
            frames.update { $0.show(banner: ($0.index + 1) % $0.count, at: now) }
        case nil:
            break
        }
    }
}
