import EventLoop
import Glibc
import WallClock

/// The wall clock as the schedules, proof of play and the wall-clock timeline read it, and its changes.
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
        for output in outputs { output.clockChanged() }
        Log.info("wall clock set; schedules looked at again")
    }
}
