/// When the loop writes the metrics file: every `interval`, and soon after a change an operator watches for
/// (a reload, the screen switched, a touch panel plugged), but never more often than every `minimumGap`, so a
/// burst of changes is one write. Time is the loop's monotonic clock.
public struct MetricsSchedule: Sendable {
    /// node_exporter is commonly scraped every 15 s.
    public static let interval: Duration = .seconds(15)
    public static let minimumGap: Duration = .seconds(1)

    /// When the next write is due.
    public private(set) var deadline: Duration
    private var lastWrite: Duration?

    /// The first write due at once (at `now`).
    public init(now: Duration) {
        deadline = now
    }

    /// Something reported changed at `now`: write soon.
    public mutating func changed(at now: Duration) {
        deadline = min(deadline, max(now, (lastWrite ?? now) + Self.minimumGap))
    }

    /// Whether a write is due at `now`; when it is, the next one is planned as if it were done.
    public mutating func isDue(at now: Duration) -> Bool {
        guard now >= deadline else { return false }
        lastWrite = now
        deadline = now + Self.interval
        return true
    }
}
