import BannerdConfig
import CarouselEngine
import EventLoop
import FrameLoop
import Glibc
import WallClock

/// The screen schedule: the display off outside its hours (DPMS), no drawing or autoplay meanwhile, a touch
/// lighting it for a minute, and no wake-ups but the next change.
extension MainLoop {
    /// The local time now, as the schedule reads it (localtime_r in time.h; /etc/localtime's zone).
    static func localTime() -> LocalTime {
        var now = time(nil)
        var parts = tm()
        guard localtime_r(&now, &parts) != nil, let day = Weekday(tmWeekday: Int(parts.tm_wday)) else {
            // Cannot happen for the current time; keep the screen's state rather than guess.
            return LocalTime(weekday: .monday, hour: 12, minute: 0)
        }
        return LocalTime(
            weekday: day, hour: Int(parts.tm_hour), minute: Int(parts.tm_min), second: Int(parts.tm_sec))
    }

    /// A schedule sleeps until a wall-clock moment: a clock set by NTP (boards without a real-time clock boot
    /// hours off) must wake it, or the screen would stay dark until a deadline computed from the wrong time.
    static func watchClockChanges(_ settings: Settings) -> ClockChangeWatcher? {
        guard settings.schedule != nil else { return nil }
        do {
            return try ClockChangeWatcher()
        } catch {
            Log.warning("wall clock changes will reach the schedule only at its next change: \(error)")
            return nil
        }
    }

    /// The wall clock was set: the next step applies the schedule at the new time and the deadline follows it.
    func clockChanged(_ watcher: ClockChangeWatcher) {
        do {
            try watcher.rearm()
        } catch {
            Log.warning("wall clock watch: \(error)")
        }
        Log.info("wall clock set; screen schedule looked at again")
    }

    /// Does what the chores decided (`LoopChores.step`).
    func perform(_ effect: LoopChores.Effect) {
        switch effect {
        case .probeDisplay:
            reprobeDisplay()
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
        }
    }

    /// Switches the display on or off for the schedule.
    private func switchPower(lit: Bool) {
        if let screen {
            do {
                try screen.device.setPower(on: lit)
            } catch {
                Log.warning("screen power \(lit ? "on" : "off"): \(error)")
            }
        }
        if lit {
            // A fresh carousel on the same banner: autoplay waits its full interval from now, not since the
            // screen went dark, and the first frame redraws the whole screen.
            scheduler.replace(freshCarousel(layout: scheduler.carousel.layout, startIndex: scheduler.carousel.index))
        } else {
            announceReady()
        }
        sendStatus()
    }
}
