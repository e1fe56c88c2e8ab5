import TOMLDecoding
import WallClock

/// A manifest table's `start`, `end`, `days` and `hours` over the schedule it inherits (`[defaults]`' for a
/// banner): each key given replaces the inherited one, so `[defaults] hours` and a banner's `days` combine.
enum ManifestSchedule {
    /// The schedule after `table`'s keys (the table starting at `start`); nil when nothing limits the banner.
    static func apply(_ table: TOMLTable, over inherited: BannerSchedule?, start tableStart: TOMLPosition)
        throws(ScheduleValueError)
        -> BannerSchedule?
    {
        let values = table.values
        var schedule = inherited ?? BannerSchedule()
        if let v = values["start"] { schedule.start = try ScheduleValues.moment(v, key: "start") }
        if let v = values["end"] { schedule.end = try ScheduleValues.moment(v, key: "end") }
        var days = schedule.window?.days ?? Set(Weekday.allCases)
        var span = schedule.window.map { ($0.start, $0.end) } ?? (ClockTime.startOfDay, ClockTime.endOfDay)
        if let v = values["days"] { days = try ScheduleValues.days(v) }
        if let v = values["hours"] {
            let hours = try ScheduleValues.hours(v, days: days)
            span = (hours.start, hours.end)
        }
        let window = DailyWindow(start: span.0, end: span.1, days: days)
        schedule.window = window?.isAlways == true ? nil : window
        if let start = schedule.start, let end = schedule.end, let gap = gap(start, end), gap <= 0 {
            // Blamed on this table's own key: the other may be inherited from [defaults].
            let blamed = values["end"] ?? values["start"]
            throw ScheduleValueError("end must be after start", at: blamed?.position ?? tableStart)
        }
        return schedule == BannerSchedule() ? nil : schedule
    }

    /// Seconds from `start` to `end` when both are on the same timeline; nil when one is local and one is not
    /// (their order depends on the zone).
    private static func gap(_ start: ScheduleMoment, _ end: ScheduleMoment) -> Int? {
        switch (start, end) {
        case (.utc(let a), .utc(let b)), (.local(let a), .local(let b)): return b - a
        default: return nil
        }
    }
}
