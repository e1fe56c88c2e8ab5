import TOMLDecoding
import WallClock

/// The proof-of-play directory: one JSON Lines file a local day, named by its date (`2026-11-25.jsonl`), each
/// record in the file of the day it ended; files are kept for `keepDays` days, today's included.
public struct PlayLogFiles: Equatable, Sendable {
    public var directory: String
    public var keepDays: Int

    /// The days a log may be kept for, and the default (a quarter of a year: an advertising campaign's invoice).
    public static let keepDaysRange = 1...3660
    public static let defaultKeepDays = 92
    public static let defaultDirectory = "/var/lib/bannerd/proof-of-play"

    public init(directory: String = defaultDirectory, keepDays: Int = defaultKeepDays) {
        self.directory = directory
        self.keepDays = keepDays
    }

    /// The file a record ending at `reading` goes to.
    public func path(for reading: ClockReading) -> String {
        directory + "/" + reading.localDate + Self.suffix
    }

    /// The names among `names` (the directory's) that are logs older than `keepDays` on local day `today`; any
    /// other file is left alone.
    public func expired(_ names: [String], today: Int) -> [String] {
        names.filter { name in
            guard name.hasSuffix(Self.suffix),
                let stamp = TOMLDateTime(parsing: String(name.dropLast(Self.suffix.count))), stamp.time == nil,
                let date = stamp.date
            else { return false }
            return CivilCalendar.dayNumber(year: date.year, month: date.month, day: date.day) <= today - keepDays
        }
    }

    private static let suffix = ".jsonl"
}
