import BannerdConfig
import CarouselEngine
import EventLoop
import FrameLoop
import MonotonicTime
import WallClock

/// The screen schedule: the display off outside its hours (DPMS), no drawing or autoplay meanwhile, a touch
/// lighting it for a minute, and no wake-ups but the next change.
extension MainLoop {
    /// The local time now, as the screen schedule reads it (`clockReading`: /etc/localtime's zone).
    static func localTime() -> LocalTime {
        clockReading().localTime
    }

    /// Schedules (the screen's, and banners' own, which any reload may bring) sleep until a wall-clock moment: a
    /// clock set by NTP (boards without a real-time clock boot hours off) must wake them, or the screen would stay
    /// dark, or the banners stale, until a deadline computed from the wrong time.
    static func watchClockChanges() -> ClockChangeWatcher? {
        do {
            return try ClockChangeWatcher()
        } catch {
            Log.warning("wall clock changes will reach the schedule only at its next change: \(error)")
            return nil
        }
    }

    /// The wall clock was set: the next step applies the schedules at the new time and the deadlines follow it.
    func clockChanged(_ watcher: ClockChangeWatcher) {
        do {
            try watcher.rearm()
        } catch {
            Log.warning("wall clock watch: \(error)")
        }
        showing.scheduled.clockChanged()
        // The shared timeline moves with the wall clock: a slide due by the old clock waits for the new one's.
        if let offset = settings.wallOffset {
            frames.update { $0.wallClock?.offset = offset }
            staged?.carousel.wallClock?.offset = offset
        }
        Log.info("wall clock set; schedules looked at again")
    }

    /// Does what the chores decided (`LoopChores.step`).
    func perform(_ effect: LoopChores.Effect) {
        switch effect {
        case .probeDisplay:
            reprobeDisplay(at: MonotonicClock.now())
        case .reloadContent:
            reloadContent()
        case .powerState(.on):
            Log.info("screen on")
        case .powerState(.woken):
            Log.info("screen woken by input outside the schedule's hours")
        case .powerState(.off):
            Log.info("screen off: outside the schedule's hours")
        case .setPower(let lit):
            switchPower(lit: lit)
            metricsChanged()
        }
    }

    /// Switches the display (and the TV) on or off for the schedule (switched on, the step has put a fresh carousel
    /// in): the TV woken before the picture is lit, put in standby after it is blanked.
    private func switchPower(lit: Bool) {
        if lit { switchTV(lit: true) }
        if let screen {
            do {
                try screen.device.setPower(on: lit)
            } catch {
                Log.warning("screen power \(lit ? "on" : "off"): \(error)")
            }
            // It waited for the flip in flight and read its event, which may have decided the display's pacing.
            if frames.followPacing(of: screen.device) { Self.logTimerPacing(screen) }
        }
        if !lit {
            switchTV(lit: false)
            announceReady()
        }
        sendStatus()
    }

    /// The screen was switched on (`LoopWorld.step`): the current banners' carousel, the operator's pause kept.
    func freshCarousel(like carousel: Carousel, at now: Duration) -> Carousel {
        freshCarousel(layout: carousel.layout, startIndex: carousel.index, time: now)
    }
}
