import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop
import WallClock

/// Banners' own schedules (banners.toml `start`, `end`, `days`, `hours`): the carousel holds the banners allowed
/// now, and changes at each edge without a reload and without a jump (`ScheduledBanners` decides when).
extension OutputLoop {
    /// The wall clock was set: the schedules are looked at again, and the wall-clock timeline follows it.
    func clockChanged() {
        showing.scheduled.clockChanged()
        // The shared timeline moves with the wall clock: a slide due by the old clock waits for the new one's.
        if let offset = settings.wallOffset {
            frames.update { $0.wallClock?.offset = offset }
            staged?.carousel.wallClock?.offset = offset
        }
    }

    /// Changes the carousel when a schedule's edge has come and the carousel can change unseen.
    func applySchedules(at now: Duration) {
        let before = showing.scheduled.shown
        switch showing.scheduled.step(at: now, reading: MainLoop.clockReading(), carousel: scheduler.carousel) {
        case .hold(let shown, let centre):
            frames.replace(
                showing.hold(
                    shown, centre: centre, after: scheduler.carousel, before: before, wallOffset: settings.wallOffset))
            let active = showing.scheduled.timetable.active.count
            Log.info("schedules: \(active) of \(showing.loaded.count) banner(s) active")
            loop.sendStatus()
        case .slideAway:
            plays.glass.moved(by: .schedule)
            frames.update { $0.show(banner: ($0.index + 1) % $0.count, at: now) }
        case nil:
            break
        }
    }
}
