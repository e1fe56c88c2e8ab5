import TOMLDecoding
import Testing
import WallClock

/// Banner schedules at simulated readings of a clock in Berlin.
@Suite struct BannerScheduleTests {
    static func local(_ year: Int, _ month: Int, _ day: Int, _ hour: Int = 0, _ minute: Int = 0) -> ScheduleMoment {
        .local(
            seconds: CivilCalendar.dayNumber(year: year, month: month, day: day) * 86_400 + hour * 3600 + minute * 60)
    }

    static func window(_ hours: String, _ days: Set<Weekday> = Set(Weekday.allCases)) throws -> DailyWindow {
        try ScheduleValues.hours(TOMLValue(.string(hours), at: TOMLPosition(line: 1, column: 1)), days: days)
    }

    @Test func startAndEndAreExactToTheSecond() {
        let s = BannerSchedule(
            start: Self.local(2025, 4, 1), end: .utc(seconds: Berlin.reading(2025, 4, 8, 12).utcSeconds))
        let start = Berlin.reading(2025, 4, 1, 0)
        #expect(!s.isActive(at: start.advanced(bySeconds: -1)) && s.isActive(at: start))
        let end = Berlin.reading(2025, 4, 8, 12)
        #expect(s.isActive(at: end.advanced(bySeconds: -1)) && !s.isActive(at: end))
        // Predicted at winter time: the local start, shown as the clock will read it.
        #expect(s.nextChange(after: Berlin.reading(2025, 3, 20, 9))?.localDescription == "2025-04-01 00:00")
        #expect(s.nextChange(after: start) == end)
        #expect(s.nextChange(after: end) == nil)  // over for good
    }

    @Test func daysAndHoursPastMidnightBelongToTheDayTheyStart() throws {
        // Friday and Saturday nights, 22:00 to 02:00.
        let s = BannerSchedule(window: try Self.window("22:00-02:00", [.friday, .saturday]))
        // 2025-04-04 is a Friday.
        #expect(!s.isActive(at: Berlin.reading(2025, 4, 4, 21, 59)))
        #expect(s.isActive(at: Berlin.reading(2025, 4, 4, 22)))
        #expect(s.isActive(at: Berlin.reading(2025, 4, 5, 1, 59)))  // Saturday early: Friday's night
        #expect(!s.isActive(at: Berlin.reading(2025, 4, 5, 2)))
        #expect(s.isActive(at: Berlin.reading(2025, 4, 6, 1, 0)))  // Sunday early: Saturday's night
        #expect(!s.isActive(at: Berlin.reading(2025, 4, 6, 22, 0)))  // Sunday evening: not listed
        #expect(s.nextChange(after: Berlin.reading(2025, 4, 6, 3)) == Berlin.reading(2025, 4, 11, 22))
    }

    @Test func aWindowBeforeTheStartOpensOnlyFromTheStart() throws {
        let s = BannerSchedule(start: Self.local(2025, 4, 2, 12), window: try Self.window("09:00-17:00"))
        #expect(!s.isActive(at: Berlin.reading(2025, 4, 2, 11)))
        #expect(s.nextChange(after: Berlin.reading(2025, 4, 1, 10)) == Berlin.reading(2025, 4, 2, 12))
        // Starting at night: the first change is the next morning's opening.
        let night = BannerSchedule(start: Self.local(2025, 4, 2, 20), window: try Self.window("09:00-17:00"))
        #expect(night.nextChange(after: Berlin.reading(2025, 4, 1, 10)) == Berlin.reading(2025, 4, 3, 9))
    }

    @Test func hoursFollowTheLocalClockAcrossSpringForward() throws {
        // 2025-03-30: 02:00 CET becomes 03:00 CEST. 08:00 is 07:00 UTC the day before and 06:00 UTC that day.
        let s = BannerSchedule(window: try Self.window("08:00-09:00"))
        #expect(s.isActive(at: Berlin.reading(utc: Berlin.reading(2025, 3, 29, 8).utcSeconds)))
        #expect(Berlin.reading(2025, 3, 30, 8).utcSeconds - Berlin.reading(2025, 3, 29, 8).utcSeconds == 23 * 3600)
        #expect(s.isActive(at: Berlin.reading(utc: Berlin.reading(2025, 3, 30, 8).utcSeconds)))
        #expect(!s.isActive(at: Berlin.reading(utc: Berlin.reading(2025, 3, 30, 8).utcSeconds - 1)))
    }

    /// The value of `key` in the TOML `text`.
    static func value(_ text: String, _ key: String = "v") throws -> TOMLValue {
        try #require(try TOMLParser.document(text).root.values[key])
    }

    @Test func offsetDateTimesAreInstantsAndLocalDatesMeanMidnight() throws {
        let offset = try ScheduleValues.moment(try Self.value("v = 2025-04-01T08:00:00+02:00"), key: "start")
        #expect(offset == .utc(seconds: Berlin.reading(2025, 4, 1, 8).utcSeconds))
        #expect(try ScheduleValues.moment(try Self.value("v = 2025-04-01"), key: "start") == Self.local(2025, 4, 1))
        #expect(
            try ScheduleValues.moment(try Self.value("v = 2025-04-01 07:30:00"), key: "start")
                == Self.local(2025, 4, 1, 7, 30))
    }

    @Test func badValuesSayWhatToWriteAndWhere() throws {
        func message(_ text: String, _ read: (TOMLValue) throws(ScheduleValueError) -> Void) throws -> String {
            let value = try Self.value(text)
            do throws(ScheduleValueError) {
                try read(value)
                return ""
            } catch {
                return "\(error.position): \(error.message)"
            }
        }
        let all = Set(Weekday.allCases)
        #expect(
            try message("v = \"25:00-26:00\"") { v throws(ScheduleValueError) in
                _ = try ScheduleValues.hours(v, days: all)
            }.hasPrefix("1:5: hours must be \"HH:MM-HH:MM\""))
        #expect(
            try message("v = \"07:00-07:00\"") { v throws(ScheduleValueError) in
                _ = try ScheduleValues.hours(v, days: all)
            } == "1:5: hours start and end at the same time; remove hours for all day")
        #expect(
            try message("v = \"24:00-02:00\"") { v throws(ScheduleValueError) in
                _ = try ScheduleValues.hours(v, days: all)
            } == "1:5: hours must start before 24:00")
        #expect(
            try message("v = [\"mon\", \"someday\"]") { v throws(ScheduleValueError) in _ = try ScheduleValues.days(v) }
                == "1:13: days are names such as \"mon\" or ranges such as \"mon-fri\"")
        #expect(
            try message("v = []") { v throws(ScheduleValueError) in _ = try ScheduleValues.days(v) }
                == "1:5: days is empty; remove it for every day")
        #expect(
            try message("v = \"mon\"") { v throws(ScheduleValueError) in _ = try ScheduleValues.days(v) }
                == "1:5: days must be an array of quoted strings, not a string")
        #expect(
            try message("v = \"2025-04-01\"") { v throws(ScheduleValueError) in
                _ = try ScheduleValues.moment(v, key: "end")
            }.hasPrefix("1:5: end must be a TOML date or date-time without quotes"))
        #expect(
            try message("v = 08:00:00") { v throws(ScheduleValueError) in _ = try ScheduleValues.moment(v, key: "start")
            }.hasPrefix("1:5: start must be a TOML date"))
    }
}

@Suite struct BannerScheduleSummaryTests {
    @Test func saysWhetherActiveAndUntilOrFromWhen() throws {
        let mornings = BannerSchedule(
            end: BannerScheduleTests.local(2025, 5, 1), window: try BannerScheduleTests.window("07:00-11:30"))
        #expect(mornings.summary(at: Berlin.reading(2025, 4, 1, 8)) == "active now, until 2025-04-01 11:30")
        #expect(mornings.summary(at: Berlin.reading(2025, 4, 1, 12)) == "not active now, from 2025-04-02 07:00")
        #expect(mornings.summary(at: Berlin.reading(2025, 5, 2, 8)) == "not active now, ended")
        let forever = BannerSchedule(start: BannerScheduleTests.local(2025, 4, 1))
        #expect(forever.summary(at: Berlin.reading(2025, 4, 2, 8)) == "active now, with no end")
    }
}
