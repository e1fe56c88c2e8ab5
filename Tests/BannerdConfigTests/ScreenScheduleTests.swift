import Testing

@testable import BannerdConfig

@Suite struct ScreenScheduleTests {
    func t(_ day: Weekday, _ h: Int, _ m: Int, _ s: Int = 0) -> LocalTime {
        LocalTime(weekday: day, hour: h, minute: m, second: s)
    }
    func clock(_ text: String) -> ClockTime { ClockTime(parsing: text) ?? ClockTime(hour: 0, minute: 0)! }

    @Test func daySpanOnListedDaysOnly() throws {
        let s = try #require(
            ScreenSchedule(on: clock("07:00"), off: clock("22:00"), days: Weekday.days(parsing: "mon-fri")!))
        #expect(!s.isScreenOn(at: t(.monday, 6, 59, 59)))
        #expect(s.isScreenOn(at: t(.monday, 7, 0)))
        #expect(s.isScreenOn(at: t(.friday, 21, 59, 59)))
        #expect(!s.isScreenOn(at: t(.friday, 22, 0)))
        #expect(!s.isScreenOn(at: t(.saturday, 12, 0)))
        var c = Configuration.defaults
        #expect(c.isScreenOn(at: t(.saturday, 3, 0)))
        c.schedule = s
        #expect(!c.isScreenOn(at: t(.saturday, 3, 0)))
    }

    @Test func overnightSpanBelongsToTheDayItStarts() throws {
        let s = try #require(ScreenSchedule(on: clock("18:00"), off: clock("02:00"), days: [.friday]))
        #expect(s.isScreenOn(at: t(.friday, 18, 0)))
        #expect(s.isScreenOn(at: t(.saturday, 1, 59)))
        #expect(!s.isScreenOn(at: t(.saturday, 2, 0)))
        #expect(!s.isScreenOn(at: t(.friday, 1, 0)))  // Thursday's night is not scheduled
        #expect(!s.isScreenOn(at: t(.saturday, 18, 0)))
        let sundayNight = try #require(ScreenSchedule(on: clock("20:00"), off: clock("01:00"), days: [.sunday]))
        #expect(sundayNight.isScreenOn(at: t(.monday, 0, 30)))
    }

    @Test func untilMidnightAndAroundTheClock() throws {
        let late = try #require(ScreenSchedule(on: clock("08:00"), off: clock("24:00")))
        #expect(late.isScreenOn(at: t(.sunday, 23, 59, 59)) && !late.isScreenOn(at: t(.monday, 7, 59)))
        let always = try #require(ScreenSchedule(on: clock("00:00"), off: clock("24:00")))
        #expect(
            Weekday.allCases.allSatisfy { always.isScreenOn(at: t($0, 0, 0)) && always.isScreenOn(at: t($0, 23, 59)) })
        #expect(always.timeUntilNextChange(after: t(.monday, 12, 0)) == .seconds(7 * 86_400))
        #expect(ScreenSchedule(on: clock("07:00"), off: clock("07:00")) == nil)
        #expect(ScreenSchedule(on: clock("24:00"), off: clock("07:00")) == nil)
        #expect(ScreenSchedule(on: clock("07:00"), off: clock("08:00"), days: []) == nil)
    }

    @Test func nextChangeSkipsUnscheduledDays() throws {
        let s = try #require(
            ScreenSchedule(on: clock("07:00"), off: clock("22:00"), days: Weekday.days(parsing: "mon-fri")!))
        #expect(s.timeUntilNextChange(after: t(.monday, 6, 0)) == .seconds(3600))
        #expect(s.timeUntilNextChange(after: t(.monday, 7, 0)) == .seconds(15 * 3600))
        // Friday 22:00 off → Monday 07:00 on: 2 days and 9 hours.
        #expect(s.timeUntilNextChange(after: t(.friday, 22, 0)) == .seconds(2 * 86_400 + 9 * 3600))
        #expect(s.timeUntilNextChange(after: t(.saturday, 23, 59, 30)) == .seconds(30 + 86_400 + 7 * 3600))
        let night = try #require(ScreenSchedule(on: clock("18:00"), off: clock("02:00"), days: [.friday]))
        #expect(night.timeUntilNextChange(after: t(.friday, 20, 0)) == .seconds(6 * 3600))
        // Property: just before the returned moment the state is unchanged, at it the state differs.
        for day in Weekday.allCases {
            for minute in stride(from: 0, to: 1440, by: 37) {
                let now = t(day, minute / 60, minute % 60)
                let wait = s.timeUntilNextChange(after: now).components.seconds
                let later = Int(now.secondOfDay) + Int(wait)
                var d = day
                for _ in 0..<(later / 86_400) { d = d.next }
                let then = LocalTime(weekday: d, hour: 0, minute: 0, second: later % 86_400)
                #expect(s.isScreenOn(at: then) != s.isScreenOn(at: now))
            }
        }
    }

    @Test func clockTimesAndWeekdaysParse() {
        #expect(ClockTime(parsing: "07:05")?.minuteOfDay == 425 && ClockTime(parsing: "7:05")?.description == "07:05")
        #expect(ClockTime(parsing: "24:00")?.minuteOfDay == 1440)
        for bad in ["24:01", "7", "07:5", "07:60", "-1:00", "a:bc", "07:00:00", "１:00", ""] {
            #expect(ClockTime(parsing: bad) == nil, "\(bad)")
        }
        #expect(Weekday(name: "Mon") == .monday && Weekday(name: "sunday") == .sunday && Weekday(name: "mo") == nil)
        #expect(Weekday(name: "thursdays") == nil)
        #expect(Weekday(tmWeekday: 0) == .sunday && Weekday(tmWeekday: 1) == .monday && Weekday(tmWeekday: 7) == nil)
        #expect(Weekday.days(parsing: "fri-mon") == [.friday, .saturday, .sunday, .monday])
        #expect(Weekday.days(parsing: "sat") == [.saturday] && Weekday.days(parsing: "mon-") == nil)
        #expect(Weekday.days(parsing: "mon-tue-wed") == nil)
        #expect(Weekday.monday.previous == .sunday && Weekday.sunday.next == .monday && Weekday.monday < .friday)
        #expect(Weekday.wednesday.abbreviation == "wed")
    }
}
