/// A wall-clock time of day to the minute, `HH:MM` on a 24-hour clock; `24:00` is the end of the day.
public struct ClockTime: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// Minutes since midnight, 0…1440.
    public let minuteOfDay: Int

    /// The time `hour`:`minute`; nil outside 00:00…24:00.
    public init?(hour: Int, minute: Int) {
        guard (0...24).contains(hour), (0...59).contains(minute), hour < 24 || minute == 0 else { return nil }
        minuteOfDay = hour * 60 + minute
    }

    /// 00:00, the start of the day.
    public static let startOfDay = ClockTime(minutes: 0)
    /// 24:00, the end of the day.
    public static let endOfDay = ClockTime(minutes: 1440)

    private init(minutes: Int) {
        minuteOfDay = minutes
    }

    /// Parses `HH:MM` (one-digit hours allowed: `7:00`); nil for anything else.
    public init?(parsing text: String) {
        let parts = text.split(separator: ":", omittingEmptySubsequences: false)
        guard parts.count == 2, (1...2).contains(parts[0].count), parts[1].count == 2,
            parts.allSatisfy({ $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let hour = Int(parts[0]), let minute = Int(parts[1])
        else { return nil }
        self.init(hour: hour, minute: minute)
    }

    /// Earlier in the day first.
    public static func < (lhs: ClockTime, rhs: ClockTime) -> Bool { lhs.minuteOfDay < rhs.minuteOfDay }

    /// `HH:MM`.
    public var description: String {
        let h = minuteOfDay / 60
        let m = minuteOfDay % 60
        return (h < 10 ? "0" : "") + "\(h):" + (m < 10 ? "0" : "") + "\(m)"
    }
}
