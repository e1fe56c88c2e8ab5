import FrameLoop
import Testing

@Suite struct LoopDeadlineTests {
    static let now = Duration.seconds(100)

    static func deadline(
        frames: Duration? = nil, animation: Duration? = nil, lit: Bool = true, chores: Duration? = nil,
        scheduleEdge: Duration? = nil, stagingPatience: Duration? = nil, watchdog: Duration? = nil,
        metrics: Duration? = nil
    ) -> Duration? {
        LoopDeadline(
            frames: frames, animation: animation, lit: lit, chores: chores, scheduleEdge: scheduleEdge,
            stagingPatience: stagingPatience,
            watchdog: watchdog, metrics: metrics
        ).earliest(now: now)
    }

    @Test func nothingWaitingSleepsUntilADescriptorIsReadable() {
        #expect(Self.deadline() == nil)
    }

    @Test func theEarliestOfEveryPartWins() {
        let times: [Duration] = [.seconds(105), .seconds(101), .seconds(103), .seconds(104), .seconds(102)]
        #expect(
            Self.deadline(
                frames: times[0], chores: times[1], scheduleEdge: times[2], watchdog: times[3], metrics: times[4])
                == .seconds(101))
        #expect(Self.deadline(watchdog: .seconds(130), metrics: .seconds(160)) == .seconds(130))
        #expect(Self.deadline(scheduleEdge: .seconds(3600)) == .seconds(3600))
    }

    @Test func anAnimationsNextFrameWakesTheLoopOnlyWhileLit() {
        #expect(Self.deadline(frames: .seconds(105), animation: .seconds(101)) == .seconds(101))
        #expect(Self.deadline(animation: .seconds(101), lit: false, chores: .seconds(200)) == .seconds(200))
    }

    @Test func aDarkScreenWaitsForNoFrame() {
        #expect(Self.deadline(frames: .seconds(100), lit: false) == nil)
        #expect(Self.deadline(frames: .seconds(100), lit: false, chores: .seconds(200)) == .seconds(200))
        #expect(Self.deadline(frames: .seconds(100), lit: true, chores: .seconds(200)) == .seconds(100))
    }

    @Test func stagingPatienceSpentNoLongerWakesTheLoop() {
        // Past it, staged content waits for the carousel's rest: a deadline in the past would make the loop spin.
        #expect(Self.deadline(stagingPatience: .seconds(99)) == nil)
        #expect(Self.deadline(stagingPatience: Self.now) == nil)
        #expect(Self.deadline(stagingPatience: .seconds(102), watchdog: .seconds(110)) == .seconds(102))
    }
}
