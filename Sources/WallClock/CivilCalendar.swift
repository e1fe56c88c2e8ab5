/// Dates of the proleptic Gregorian calendar as day numbers (days since 1970-01-01), so that schedules compare
/// and step through dates with integer arithmetic, in any year TOML can write (0000 to 9999).
public enum CivilCalendar {
    /// Days before each month in a common year.
    private static let daysBeforeMonth = [0, 31, 59, 90, 120, 151, 181, 212, 243, 273, 304, 334]

    /// Whether `year` has a 29 February.
    public static func isLeapYear(_ year: Int) -> Bool {
        year % 4 == 0 && (year % 100 != 0 || year % 400 == 0)
    }

    /// The day number of `year`-`month`-`day`; the caller passes a date that exists.
    public static func dayNumber(year: Int, month: Int, day: Int) -> Int {
        // Leap days from year 1 up to the end of `year - 1`, floored so that years before 1 count right too.
        func leapDays(throughYear y: Int) -> Int { floorDivide(y, 4) - floorDivide(y, 100) + floorDivide(y, 400) }
        let leapsBefore = leapDays(throughYear: year - 1) - leapDays(throughYear: 1969)
        return 365 * (year - 1970) + leapsBefore + daysBefore(month: month, year: year) + day - 1
    }

    /// The date of day number `number`.
    public static func date(ofDayNumber number: Int) -> (year: Int, month: Int, day: Int) {
        // Years have 365 or 366 days, so this estimate is never late (dividing by the longer year after 1970 and
        // by the shorter before); step it forward to the right year.
        var year = 1970 + floorDivide(number, number < 0 ? 365 : 366)
        while dayNumber(year: year + 1, month: 1, day: 1) <= number { year += 1 }
        let dayOfYear = number - dayNumber(year: year, month: 1, day: 1)
        var month = 12
        while dayOfYear < daysBefore(month: month, year: year) { month -= 1 }
        return (year, month, dayOfYear - daysBefore(month: month, year: year) + 1)
    }

    /// Days of `year` before the first of `month`.
    private static func daysBefore(month: Int, year: Int) -> Int {
        daysBeforeMonth[month - 1] + (month > 2 && isLeapYear(year) ? 1 : 0)
    }

    /// The weekday of day number `number` (day 0, 1970-01-01, was a Thursday).
    public static func weekday(ofDayNumber number: Int) -> Weekday {
        Weekday(rawValue: floorModulo(number + 3, 7) + 1) ?? .monday
    }

    /// `a / b` rounded down (Swift's `/` rounds towards zero).
    static func floorDivide(_ a: Int, _ b: Int) -> Int {
        (a - floorModulo(a, b)) / b
    }

    /// `a mod b` in 0..<b for positive `b`.
    static func floorModulo(_ a: Int, _ b: Int) -> Int {
        ((a % b) + b) % b
    }
}
