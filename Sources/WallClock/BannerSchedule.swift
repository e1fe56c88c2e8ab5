/// When a banner may be shown: from `start` until `end` (either may be absent), within `window` (its `days` and
/// `hours`) when there is one.
public struct BannerSchedule: Hashable, Sendable {
    /// Not shown before this moment.
    public var start: ScheduleMoment?
    /// Not shown from this moment on.
    public var end: ScheduleMoment?
    /// The days and hours of each week it is shown; nil for all of them.
    public var window: DailyWindow?

    /// A schedule from its parts.
    public init(start: ScheduleMoment? = nil, end: ScheduleMoment? = nil, window: DailyWindow? = nil) {
        self.start = start
        self.end = end
        self.window = window
    }

    /// Whether the banner is shown at `reading`.
    public func isActive(at reading: ClockReading) -> Bool {
        if let start, !start.hasCome(at: reading) { return false }
        if let end, end.hasCome(at: reading) { return false }
        return window?.contains(reading.localTime) ?? true
    }

    /// The moments after `reading` at which `isActive` may next change, the nearest on each timeline; none once
    /// `end` has passed. Before `start` only `start` counts: the window cannot open the banner earlier.
    public func nextEdges(after reading: ClockReading) -> ScheduleEdges {
        var edges = ScheduleEdges()
        if let start, !start.hasCome(at: reading) {
            edges.include(start)
            return edges
        }
        if let end {
            guard !end.hasCome(at: reading) else { return edges }
            edges.include(end)
        }
        if let window {
            let wait = Int(window.timeUntilNextChange(after: reading.localTime).components.seconds)
            edges.include(.local(seconds: reading.localSeconds + wait))
        }
        return edges
    }

    /// When `isActive` next changes after `reading`, the zone's offset taken as it is now (a prediction for
    /// people: a daylight-saving change in between moves local moments by its hour); nil when it never does.
    public func nextChange(after reading: ClockReading) -> ClockReading? {
        let now = isActive(at: reading)
        var then = reading
        // Each step reaches the start, the end or the next change of the window: a change comes within three.
        for _ in 0..<4 {
            guard let wait = nextEdges(after: then).seconds(after: then) else { return nil }
            then = then.advanced(bySeconds: wait)
            if isActive(at: then) != now { return then }
        }
        return nil
    }
}

/// The nearest moments at which schedules may change, one on each timeline: they are kept apart because a
/// daylight-saving change moves every local moment against every UTC one.
public struct ScheduleEdges: Equatable, Sendable {
    /// The nearest UTC moment (`ClockReading.utcSeconds`).
    public private(set) var utcSeconds: Int?
    /// The nearest local moment (`ClockReading.localSeconds`).
    public private(set) var localSeconds: Int?

    /// No edge.
    public init() {}

    /// Adds `moment`, keeping the nearest on its timeline.
    public mutating func include(_ moment: ScheduleMoment) {
        switch moment {
        case .utc(let s): utcSeconds = min(utcSeconds ?? s, s)
        case .local(let s): localSeconds = min(localSeconds ?? s, s)
        }
    }

    /// Adds `other`'s moments.
    public mutating func include(_ other: ScheduleEdges) {
        if let s = other.utcSeconds { include(.utc(seconds: s)) }
        if let s = other.localSeconds { include(.local(seconds: s)) }
    }

    /// Seconds from `reading` to the nearest edge, local ones at the reading's zone offset; nil without edges.
    public func seconds(after reading: ClockReading) -> Int? {
        let waits = [utcSeconds.map { $0 - reading.utcSeconds }, localSeconds.map { $0 - reading.localSeconds }]
        return waits.compactMap { $0 }.min()
    }

    /// Whether `reading` has reached one of the edges.
    public func isReached(at reading: ClockReading) -> Bool {
        utcSeconds.map { reading.utcSeconds >= $0 } ?? false || localSeconds.map { reading.localSeconds >= $0 } ?? false
    }
}

extension BannerSchedule {
    /// Whether the banner is shown at `reading` and when that next changes, in local time, as `bannerd check`
    /// says it: `active now, until 2025-04-01 11:30`, `not active now, from …`, `not active now, ended`.
    public func summary(at reading: ClockReading) -> String {
        let active = isActive(at: reading)
        let now = active ? "active now" : "not active now"
        guard let change = nextChange(after: reading) else { return now + (active ? ", with no end" : ", ended") }
        return now + (active ? ", until " : ", from ") + change.localDescription
    }
}
