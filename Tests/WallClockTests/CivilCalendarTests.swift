import Testing
import WallClock

@Suite struct CivilCalendarTests {
    @Test func knownDates() {
        #expect(CivilCalendar.dayNumber(year: 1970, month: 1, day: 1) == 0)
        #expect(CivilCalendar.dayNumber(year: 2000, month: 3, day: 1) == 11_017)
        #expect(CivilCalendar.dayNumber(year: 1969, month: 12, day: 31) == -1)
        #expect(CivilCalendar.weekday(ofDayNumber: 0) == .thursday)
        #expect(CivilCalendar.weekday(ofDayNumber: CivilCalendar.dayNumber(year: 2025, month: 3, day: 30)) == .sunday)
        #expect(CivilCalendar.weekday(ofDayNumber: -1) == .wednesday)
        #expect(CivilCalendar.isLeapYear(2000) && CivilCalendar.isLeapYear(2024) && !CivilCalendar.isLeapYear(1900))
    }

    @Test func everyDayOfFourCenturiesRoundTrips() {
        var number = CivilCalendar.dayNumber(year: 1800, month: 1, day: 1)
        for year in 1800..<2200 {
            for month in 1...12 {
                let days = [31, CivilCalendar.isLeapYear(year) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
                for day in 1...days[month - 1] {
                    #expect(CivilCalendar.dayNumber(year: year, month: month, day: day) == number)
                    let back = CivilCalendar.date(ofDayNumber: number)
                    #expect(back.year == year && back.month == month && back.day == day)
                    number += 1
                }
            }
        }
    }

    @Test func readingsGiveLocalWeekdayTimeAndText() {
        let reading = Berlin.reading(2025, 3, 30, 8, 5)
        #expect(reading.utcOffsetSeconds == 7200)
        #expect(reading.localTime == LocalTime(weekday: .sunday, hour: 8, minute: 5))
        #expect(reading.localDescription == "2025-03-30 08:05")
        #expect(Berlin.reading(2025, 3, 29, 8, 5).utcOffsetSeconds == 3600)
        #expect(ClockReading(utcSeconds: -1, utcOffsetSeconds: 0).localDescription == "1969-12-31 23:59")
    }
}
