import Testing
import WallClock

/// The active set over simulated readings of a clock in Berlin, stepped as the poll loop steps: each look no later
/// than `timeUntilNextLook` says.
@Suite struct BannerTimetableTests {
    static func window(_ hours: String, _ days: Set<Weekday> = Set(Weekday.allCases)) throws -> DailyWindow {
        try BannerScheduleTests.window(hours, days)
    }

    /// Runs `timetable` from `from` to `to` (UTC seconds) on Berlin's clock, looking when it asks; returns each
    /// change as (UTC seconds, active banners).
    static func run(_ timetable: inout BannerTimetable, from: Int, to: Int) -> [(utc: Int, active: [Int])] {
        var changes: [(Int, [Int])] = []
        var utc = from
        while utc < to {
            let reading = Berlin.reading(utc: utc)
            if timetable.update(at: reading) { changes.append((utc, timetable.active)) }
            let wait = timetable.timeUntilNextLook(after: reading) ?? ClockReading.longestSleep
            utc += max(1, Int(wait.components.seconds))
        }
        return changes
    }

    @Test func withoutSchedulesEveryBannerIsActiveAndTheClockIsNeverNeeded() {
        var timetable = BannerTimetable(count: 3) { _ in nil }
        #expect(!timetable.hasSchedules && timetable.active == [0, 1, 2])
        let unchanged = timetable.update(at: Berlin.reading(2025, 1, 1, 0))
        #expect(!unchanged)
        #expect(timetable.timeUntilNextLook(after: Berlin.reading(2025, 1, 1, 0)) == nil)
        #expect(timetable.recomputations == 0)
    }

    @Test func changesComeExactlyAtTheEdgesOfADay() throws {
        let morning = BannerSchedule(window: try Self.window("07:00-11:30"))
        let weekend = BannerSchedule(window: try Self.window("00:00-24:00", [.saturday, .sunday]))
        let schedules = [nil, morning, weekend]
        var timetable = BannerTimetable(count: 3) { schedules[$0] }
        // Friday 2025-04-04 06:00 to Saturday 08:00.
        let changes = Self.run(
            &timetable, from: Berlin.reading(2025, 4, 4, 6).utcSeconds, to: Berlin.reading(2025, 4, 5, 8).utcSeconds)
        let expected: [(ClockReading, [Int])] = [
            (Berlin.reading(2025, 4, 4, 6), [0]),
            (Berlin.reading(2025, 4, 4, 7), [0, 1]),
            (Berlin.reading(2025, 4, 4, 11, 30), [0]),
            (Berlin.reading(2025, 4, 5, 0), [0, 2]),
            (Berlin.reading(2025, 4, 5, 7), [0, 1, 2]),
        ]
        #expect(changes.map(\.utc) == expected.map(\.0.utcSeconds))
        #expect(changes.map(\.active) == expected.map(\.1))
        // One computation per edge: looks in between cost nothing.
        #expect(timetable.recomputations == expected.count)
    }

    @Test func springForwardAndFallBack() throws {
        let breakfast = BannerSchedule(window: try Self.window("08:00-09:00"))
        let small = BannerSchedule(window: try Self.window("02:30-03:30"))
        let schedules = [breakfast, small]
        var timetable = BannerTimetable(count: 2) { schedules[$0] }

        // 2025-03-30: 02:00 CET becomes 03:00 CEST. 02:30 never shows: the small hours open as the clock jumps,
        // seen at the next look (within a minute); breakfast opens at 08:00 CEST sharp.
        let spring = Self.run(
            &timetable, from: Berlin.reading(2025, 3, 30, 0).utcSeconds, to: Berlin.reading(2025, 3, 30, 12).utcSeconds)
        let jump = Berlin.changeover(year: 2025, month: 3)
        try #require(spring.map(\.active) == [[], [1], [], [0], []])
        #expect(spring[1].utc >= jump && spring[1].utc - jump <= 60)
        #expect(spring[2].utc == Berlin.reading(2025, 3, 30, 3, 30).utcSeconds)
        #expect(spring[3].utc == Berlin.reading(2025, 3, 30, 8).utcSeconds)
        #expect(spring[4].utc == Berlin.reading(2025, 3, 30, 9).utcSeconds)

        // 2025-10-26: 03:00 CEST becomes 02:00 CET. The small hours are read on the local clock: open at 02:30
        // CEST, closed when the clock goes back to 02:00, open again at 02:30 CET until 03:30 CET.
        let back = Berlin.changeover(year: 2025, month: 10)
        let autumn = Self.run(&timetable, from: back - 3 * 3600, to: back + 9 * 3600)
        try #require(autumn.map(\.active) == [[1], [], [1], [], [0], []])
        #expect(autumn[0].utc == back - 1800)  // 02:30 CEST
        #expect(autumn[1].utc == back)  // the clock goes back to 02:00: seen at once, local time went back
        #expect(autumn[2].utc == back + 1800)  // 02:30 CET
        #expect(autumn[3].utc == back + 5400)  // 03:30 CET
        #expect(autumn[4].utc == Berlin.reading(2025, 10, 26, 8).utcSeconds)  // 07:00 UTC, an hour later than in summer
        #expect(autumn[5].utc == Berlin.reading(2025, 10, 26, 9).utcSeconds)
    }

    @Test func theClockSetBackOrForwardIsFollowedAtTheNextLook() {
        let april = BannerSchedule(
            start: .local(seconds: Berlin.reading(2025, 4, 1, 0).localSeconds),
            end: .local(seconds: Berlin.reading(2025, 5, 1, 0).localSeconds))
        var timetable = BannerTimetable(count: 2) { $0 == 0 ? april : nil }
        let changed1 = timetable.update(at: Berlin.reading(2025, 4, 15, 12))
        #expect(!changed1 && timetable.active == [0, 1])  // as it started: every banner
        // A board without a real-time clock boots in 1970, then NTP sets it: both ways, one computation each (the first look is one too).
        let changed2 = timetable.update(at: Berlin.reading(1970, 1, 1, 0))
        #expect(changed2 && timetable.active == [1])
        let changed3 = timetable.update(at: Berlin.reading(2025, 4, 15, 12, 1))
        #expect(changed3 && timetable.active == [0, 1])
        let changed4 = timetable.update(at: Berlin.reading(2026, 1, 1, 0))
        #expect(changed4 && timetable.active == [1])
        let unchanged = timetable.update(at: Berlin.reading(2026, 1, 1, 0, 1))
        #expect(!unchanged)
        #expect(timetable.recomputations == 4)
    }

    @Test func allBannersInactiveLeavesAnEmptySetAndAMinuteBetweenLooks() {
        let over = BannerSchedule(end: .local(seconds: Berlin.reading(2025, 1, 1, 0).localSeconds))
        var timetable = BannerTimetable(count: 5) { _ in over }
        let now = Berlin.reading(2025, 6, 1, 12)
        let changed5 = timetable.update(at: now)
        #expect(changed5 && timetable.active.isEmpty)
        #expect(timetable.timeUntilNextLook(after: now) == ClockReading.longestSleep)
    }

    @Test func tenThousandBannersCostNothingBetweenEdges() throws {
        // Every banner its own hour of the day, so that edges come each hour; frames come 60 times a second.
        var windows: [BannerSchedule] = []
        for i in 0..<10_000 {
            let start = try #require(ClockTime(hour: i % 24, minute: 0))
            let end = try #require(ClockTime(hour: (i % 24 + 1) % 24, minute: 0))
            let window = try #require(DailyWindow(start: start, end: end))
            windows.append(BannerSchedule(window: window))
        }
        let schedules = windows
        var timetable = BannerTimetable(count: schedules.count) { schedules[$0] }
        let from = Berlin.reading(2025, 6, 1, 9, 59)
        var changes = 0
        for frame in 0..<(2 * 60 * 60 + 1) {  // two minutes and a frame of 60 Hz frames, across 10:00
            let reading = from.advanced(bySeconds: frame / 60)
            if timetable.update(at: reading) { changes += 1 }
        }
        // The first look and the 10:00 edge; the 7,201 frames in between cost two comparisons each.
        #expect(timetable.recomputations == 2 && changes == 2)
        #expect(timetable.active.count == 417 && timetable.active.first == 10)
    }
}
