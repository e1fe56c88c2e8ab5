import CommandLineParsing
import Glibc
import TOMLDecoding
import WallClock

/// `--at DATE-TIME`, shared by `check` and `render`: the wall clock that banners' schedules are read at, so an
/// operator can see what the screen will show at another time; now when it is not given.
struct WallClockOption {
    static let options: [OptionSpec] = [
        .value(
            "at",
            "Read banners' schedules at this wall-clock time instead of now: a date-time as banners.toml writes it, "
                + "2026-12-24T18:00:00 in this machine's time zone or 2026-12-24T17:00:00Z with an offset.",
            valueName: "date-time")
    ]

    private let moment: ScheduleMoment?

    init(_ options: ParsedOptions) throws(UsageError) {
        moment = try options.value(
            "at", expected: "a date-time such as 2026-12-24T18:00:00 or 2026-12-24T18:00:00+01:00 (or a date)",
            Self.moment)
    }

    /// The wall clock to read schedules at: `--at`, else now.
    var reading: ClockReading {
        guard let moment else { return MainLoop.clockReading() }
        switch moment {
        case .utc(let seconds):
            return MainLoop.clockReading(utcSeconds: seconds)
        case .local(let seconds):
            // The local clock's reading as this machine's zone (TZ, /etc/localtime) puts it on the UTC timeline,
            // daylight saving included; a time in the hour skipped in spring is read as mktime reads it.
            var parts = tm()
            var local = time_t(seconds)
            _ = gmtime_r(&local, &parts)
            parts.tm_isdst = -1
            return MainLoop.clockReading(utcSeconds: Int(mktime(&parts)))
        }
    }

    private static func moment(_ text: String) -> ScheduleMoment? {
        TOMLDateTime(parsing: text).flatMap(ScheduleMoment.init)
    }
}
