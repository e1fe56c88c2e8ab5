import Testing
import WallClock

@Suite struct DailyWindowTests {
    func t(_ day: Weekday, _ h: Int, _ m: Int, _ s: Int = 0) -> LocalTime {
        LocalTime(weekday: day, hour: h, minute: m, second: s)
    }
    func clock(_ text: String) -> ClockTime { ClockTime(parsing: text) ?? ClockTime(hour: 0, minute: 0)! }

    @Test func daySpanOnListedDaysOnly() throws {
        let s = try #require(
            DailyWindow(start: clock("07:00"), end: clock("22:00"), days: Weekday.days(parsing: "mon-fri")!))
        #expect(!s.contains(t(.monday, 6, 59, 59)))
        #expect(s.contains(t(.monday, 7, 0)))
        #expect(s.contains(t(.friday, 21, 59, 59)))
        #expect(!s.contains(t(.friday, 22, 0)))
        #expect(!s.contains(t(.saturday, 12, 0)))
    }

    @Test func overnightSpanBelongsToTheDayItStarts() throws {
        let s = try #require(DailyWindow(start: clock("18:00"), end: clock("02:00"), days: [.friday]))
        #expect(s.contains(t(.friday, 18, 0)))
        #expect(s.contains(t(.saturday, 1, 59)))
        #expect(!s.contains(t(.saturday, 2, 0)))
        #expect(!s.contains(t(.friday, 1, 0)))  // Thursday's night is not scheduled
        #expect(!s.contains(t(.saturday, 18, 0)))
        let sundayNight = try #require(DailyWindow(start: clock("20:00"), end: clock("01:00"), days: [.sunday]))
        #expect(sundayNight.contains(t(.monday, 0, 30)))
    }

    @Test func untilMidnightAndAroundTheClock() throws {
        let late = try #require(DailyWindow(start: clock("08:00"), end: clock("24:00")))
        #expect(late.contains(t(.sunday, 23, 59, 59)) && !late.contains(t(.monday, 7, 59)))
        let always = try #require(DailyWindow(start: clock("00:00"), end: clock("24:00")))
        #expect(
            Weekday.allCases.allSatisfy { always.contains(t($0, 0, 0)) && always.contains(t($0, 23, 59)) })
        #expect(always.timeUntilNextChange(after: t(.monday, 12, 0)) == .seconds(7 * 86_400))
        #expect(DailyWindow(start: clock("07:00"), end: clock("07:00")) == nil)
        #expect(DailyWindow(start: clock("24:00"), end: clock("07:00")) == nil)
        #expect(DailyWindow(start: clock("07:00"), end: clock("08:00"), days: []) == nil)
    }

    @Test func nextChangeSkipsUnscheduledDays() throws {
        let s = try #require(
            DailyWindow(start: clock("07:00"), end: clock("22:00"), days: Weekday.days(parsing: "mon-fri")!))
        #expect(s.timeUntilNextChange(after: t(.monday, 6, 0)) == .seconds(3600))
        #expect(s.timeUntilNextChange(after: t(.monday, 7, 0)) == .seconds(15 * 3600))
        // Friday 22:00 off → Monday 07:00 on: 2 days and 9 hours.
        #expect(s.timeUntilNextChange(after: t(.friday, 22, 0)) == .seconds(2 * 86_400 + 9 * 3600))
        #expect(s.timeUntilNextChange(after: t(.saturday, 23, 59, 30)) == .seconds(30 + 86_400 + 7 * 3600))
        let night = try #require(DailyWindow(start: clock("18:00"), end: clock("02:00"), days: [.friday]))
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
                #expect(s.contains(then) != s.contains(now))
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
        #expect(Weekday.days(parsing: "fri-mon") == [.friday, .saturday, .sunday, .monday])
        #expect(Weekday.days(parsing: "sat") == [.saturday] && Weekday.days(parsing: "mon-") == nil)
        #expect(Weekday.days(parsing: "mon-tue-wed") == nil)
        #expect(Weekday.monday.previous == .sunday && Weekday.sunday.next == .monday && Weekday.monday < .friday)
        #expect(Weekday.wednesday.abbreviation == "wed")
    }
}
