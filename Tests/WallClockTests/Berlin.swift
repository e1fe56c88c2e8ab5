import WallClock

/// Europe/Berlin's rule (EU summer time since 1996): CET, UTC+1, and CEST, UTC+2, from the last Sunday of March
/// 01:00 UTC to the last Sunday of October 01:00 UTC. What `localtime_r` reads from /etc/localtime there, played
/// in simulated time.
enum Berlin {
    /// The reading of a clock in Berlin at `utc` seconds.
    static func reading(utc: Int) -> ClockReading {
        let year = CivilCalendar.date(ofDayNumber: utc / 86_400).year
        let summer = changeover(year: year, month: 3)..<changeover(year: year, month: 10)
        return ClockReading(utcSeconds: utc, utcOffsetSeconds: summer.contains(utc) ? 7200 : 3600)
    }

    /// The reading when Berlin's clocks show `year`-`month`-`day` `hour`:`minute` (the first time, in the hour
    /// repeated in autumn).
    static func reading(_ year: Int, _ month: Int, _ day: Int, _ hour: Int, _ minute: Int = 0) -> ClockReading {
        let local = CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60
        let summer = reading(utc: local - 7200)
        return summer.utcOffsetSeconds == 7200 ? summer : reading(utc: local - 3600)
    }

    /// 01:00 UTC on the last Sunday of `month` (March or October: 31 days).
    static func changeover(year: Int, month: Int) -> Int {
        var day = CivilCalendar.dayNumber(year: year, month: month, day: 31)
        while CivilCalendar.weekday(ofDayNumber: day) != .sunday { day -= 1 }
        return day * 86_400 + 3600
    }
}
