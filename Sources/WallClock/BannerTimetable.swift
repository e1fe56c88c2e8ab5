/// Which banners their schedules allow at a given reading of the wall clock, recomputed only when the clock
/// reaches the next edge of any schedule (or moves back): between edges a look costs two comparisons, however
/// many banners there are.
public struct BannerTimetable: Sendable {
    /// The number of banners.
    public let count: Int
    /// Whether any banner has a schedule; without one every banner is active and the clock is never read.
    public let hasSchedules: Bool
    /// The active banners' indices, in order.
    public private(set) var active: [Int]
    /// How many times `active` was computed (each costs one look at every banner's schedule).
    public private(set) var recomputations = 0
    private let schedule: @Sendable (Int) -> BannerSchedule?
    /// The reading `active` was computed at, and the edges it holds until.
    private var computedAt: ClockReading?
    private var edges = ScheduleEdges()

    /// A timetable of `count` banners, `schedule` giving each one's (nil: always shown). Every banner is active
    /// until the first `update`.
    public init(count: Int, schedule: @escaping @Sendable (Int) -> BannerSchedule?) {
        self.count = count
        self.schedule = schedule
        hasSchedules = (0..<count).contains { schedule($0) != nil }
        active = Array(0..<count)
    }

    /// Looks at the clock: returns true when `active` changed.
    public mutating func update(at reading: ClockReading) -> Bool {
        guard hasSchedules else { return false }
        if let computedAt, reading.utcSeconds >= computedAt.utcSeconds,
            reading.localSeconds >= computedAt.localSeconds, !edges.isReached(at: reading)
        {
            return false  // no edge lies between: every schedule says what it said
        }
        recomputations += 1
        computedAt = reading
        edges = ScheduleEdges()
        var fresh: [Int] = []
        fresh.reserveCapacity(active.count)
        for index in 0..<count {
            guard let schedule = schedule(index) else {
                fresh.append(index)
                continue
            }
            if schedule.isActive(at: reading) { fresh.append(index) }
            edges.include(schedule.nextEdges(after: reading))
        }
        defer { active = fresh }
        return fresh != active
    }

    /// How long the caller may sleep after `reading` before looking again: until the next edge, at most
    /// `ClockReading.longestSleep`; nil without schedules.
    public func timeUntilNextLook(after reading: ClockReading) -> Duration? {
        guard hasSchedules else { return nil }
        let wait = edges.seconds(after: reading).map { Duration.seconds(max(0, $0)) } ?? ClockReading.longestSleep
        return min(wait, ClockReading.longestSleep)
    }
}
