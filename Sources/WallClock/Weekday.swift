/// A day of the week, Monday first (ISO 8601), as schedules name them.
public enum Weekday: Int, CaseIterable, Comparable, Sendable {
    case monday = 1
    case tuesday, wednesday, thursday, friday, saturday, sunday

    /// The day from its English name or its first three letters, any case (`mon`, `Monday`).
    public init?(name: String) {
        let lower = name.lowercased()
        guard lower.count >= 3, let day = Weekday.allCases.first(where: { $0.name.hasPrefix(lower) }) else {
            return nil
        }
        self = day
    }

    /// The lowercase English name.
    public var name: String {
        ["monday", "tuesday", "wednesday", "thursday", "friday", "saturday", "sunday"][rawValue - 1]
    }

    /// The first three letters, as config files write it.
    public var abbreviation: String { String(name.prefix(3)) }

    /// The day before.
    public var previous: Weekday { Weekday(rawValue: rawValue == 1 ? 7 : rawValue - 1) ?? .sunday }

    /// The day after.
    public var next: Weekday { Weekday(rawValue: rawValue == 7 ? 1 : rawValue + 1) ?? .monday }

    /// Monday first.
    public static func < (lhs: Weekday, rhs: Weekday) -> Bool { lhs.rawValue < rhs.rawValue }

    /// `mon`, `Monday` or a range such as `mon-fri` (which may wrap: `fri-mon`); nil for anything else.
    public static func days(parsing text: String) -> Set<Weekday>? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map(String.init)
        guard let first = parts.first.flatMap(Weekday.init(name:)) else { return nil }
        switch parts.count {
        case 1: return [first]
        case 2:
            guard let last = Weekday(name: parts[1]) else { return nil }
            var days: Set<Weekday> = [first]
            var day = first
            while day != last {
                day = day.next
                days.insert(day)
            }
            return days
        default: return nil
        }
    }
}
