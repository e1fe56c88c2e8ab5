import CarouselEngine
import Testing

/// Autoplay on the wall clock's shared timeline (`[carousel] sync = "wall-clock"`), in simulated time.
@Suite struct WallTimelineTests {
    /// 3 banners resting 1, 2 and 3 s after a slide of 0.5 s: slots of 1.5, 2.5 and 3.5 s, a cycle of 7.5 s.
    private let timeline = WallTimeline(count: 3, slide: .milliseconds(500)) { .seconds($0 + 1) }

    @Test func slotsFollowOneAnotherFromTheEpochAndRepeatEveryCycle() throws {
        let timeline = try #require(timeline)
        #expect(timeline.cycle == .milliseconds(7500))
        func parts(_ slot: WallTimeline.Slot) -> (Int, Duration, Duration) { (slot.banner, slot.start, slot.end) }
        #expect(parts(timeline.slot(at: .zero)) == (0, .zero, .milliseconds(1500)))
        #expect(timeline.slot(at: .milliseconds(1499)).banner == 0)
        #expect(parts(timeline.slot(at: .milliseconds(1500))) == (1, .milliseconds(1500), .seconds(4)))
        #expect(timeline.slot(at: .milliseconds(7499)).banner == 2)
        // Before the epoch (a clock never set) the cycle runs back the same way.
        #expect(parts(timeline.slot(at: .milliseconds(-1))) == (2, .milliseconds(-3500), .zero))
        // Today's wall clock, exactly: 2026-12-24T18:00:00Z plus 1 ns.
        let christmasEve = Duration.seconds(1_798_135_200)
        let slot = timeline.slot(at: christmasEve + .nanoseconds(1))
        let within = Duration.milliseconds(1_798_135_200_000 % 7500)
        #expect(slot.start <= christmasEve + .nanoseconds(1) && christmasEve + .nanoseconds(1) < slot.end)
        #expect(slot == timeline.slot(at: christmasEve - within + .milliseconds([0, 1500, 4000][slot.banner])))
    }

    @Test func theSlotStartingAtABoundaryIsThatOneAndBetweenTwoTheNext() throws {
        let timeline = try #require(timeline)
        #expect(timeline.slot(startingAtOrAfter: .milliseconds(1500)).start == .milliseconds(1500))
        #expect(timeline.slot(startingAtOrAfter: .milliseconds(1501)).start == .seconds(4))
        #expect(timeline.slot(startingAtOrAfter: .milliseconds(7400)).banner == 0)
    }

    @Test func noTimelineWithoutAutoplayOrWithOneBanner() {
        #expect(WallTimeline(count: 1, slide: .zero) { _ in .seconds(1) } == nil)
        #expect(WallTimeline(count: 3, slide: .zero) { $0 == 1 ? nil : .seconds(1) } == nil)
        #expect(WallTimeline(count: 3, slide: .zero) { $0 == 2 ? .zero : .seconds(1) } == nil)
    }

    /// A carousel of `count` banners at rest on the timeline's banner at `start` (the board's own clock), following
    /// the wall clock `offset` ahead of it.
    private func board(count: Int = 5, startingAt start: Duration, offset: Duration) throws -> GestureDriver {
        var driver = try GestureDriver(count: count)
        let timeline = try #require(WallTimeline(following: driver.carousel))
        let wall = WallClockAutoplay(timeline: timeline, offset: offset)
        driver = try GestureDriver(count: count, startIndex: wall.banner(at: start))
        driver.carousel.wallClock = wall
        return driver
    }

    @Test func twoBoardsStartedApartShowTheSameBannerAndSlideAtTheSameInstants() throws {
        // Board A booted at wall time 1000 s; board B at 1007.3 s, its monotonic clock 40 s behind A's, its frames
        // 5 ms off A's grid. Both step their own 60 Hz grids; compared at the wall instants of B's frames.
        var a = try board(startingAt: .zero, offset: .seconds(1000))
        var b = try board(startingAt: .zero, offset: .milliseconds(1_007_300))
        var slideStarts: ([Duration], [Duration]) = ([], [])
        // A runs alone for 7.3 s (and a bit): it has slid once by then.
        while a.time < .milliseconds(7300) { a.step() }
        var compared = 0
        for _ in 0..<(60 * 40) {
            let phaseA = a.carousel.phase
            a.step()
            if phaseA == .rest, a.carousel.phase == .autoplay {
                slideStarts.0.append(try #require(a.carousel.activeSnap).startTime + .seconds(1000))
            }
            let phaseB = b.carousel.phase
            b.step()
            if phaseB == .rest, b.carousel.phase == .autoplay {
                slideStarts.1.append(try #require(b.carousel.activeSnap).startTime + .milliseconds(1_007_300))
            }
            // At rest both show the same banner.
            if a.carousel.phase == .rest, b.carousel.phase == .rest {
                #expect(a.carousel.index == b.carousel.index)
                compared += 1
            }
        }
        #expect(compared > 60 * 30)
        #expect(a.carousel.wallSlideLateness == .zero && b.carousel.wallSlideLateness == .zero)
        // Seven slides in 40 s of 5.6 s slots, each begun at the same wall-clock instant, exactly.
        #expect(slideStarts.0.count >= 7)
        #expect(Array(slideStarts.0.suffix(slideStarts.1.count)) == slideStarts.1)
    }

    @Test func aTouchTakesTheBoardOutAndItRejoinsWithOneNormalSlideAfterItsInterval() throws {
        var driver = try board(count: 6, startingAt: .zero, offset: .seconds(2000))
        let wall = try #require(driver.carousel.wallClock)
        driver.step(30)
        // Swipes on until the timeline's banner at the rejoin is not the right neighbour: the board leaves the
        // timeline, and must come back onto another banner than autoplay's next.
        func rejoinTarget() -> Int? {
            driver.carousel.nextAutoplayTime.map { wall.banner(at: $0) }
        }
        var swipes = 0
        repeat {
            driver.down(600)
            for x in stride(from: 560.0, through: 100, by: -40) {
                driver.step()
                driver.move(x)
            }
            driver.up()
            driver.settle()
            swipes += 1
        } while [driver.carousel.index, (driver.carousel.index + 1) % 6].contains(rejoinTarget()) && swipes < 12
        #expect(!driver.carousel.inStepWithWall)
        let rested = driver.time
        #expect(driver.carousel.recycler?.banner(for: .right) != rejoinTarget())
        #expect(driver.carousel.index != rejoinTarget())
        // It stays its whole interval, then slides once, at the timeline's first slot start after that, onto the
        // timeline's banner.
        let due = try #require(driver.carousel.nextAutoplayTime)
        #expect(due >= rested + .seconds(5) && due - (rested + .seconds(5)) < wall.timeline.cycle)
        #expect(driver.carousel.autoplayTarget == wall.banner(at: due))
        #expect(driver.maxDiscontinuity == 0 && driver.maxSwapJump == 0)
        let before = driver.carousel.visibleViews()
        while driver.carousel.phase == .rest { driver.step() }
        #expect(driver.time - due < FramePacer.step)
        #expect(try #require(driver.carousel.activeSnap).startTime == due)
        // As the slide begins, only the right neighbour's ear changes, to the banner it brings in.
        let after = driver.carousel.visibleViews()
        #expect(after.center?.banner == before.center?.banner)
        #expect(after.left == nil || after.left?.banner == before.left?.banner)
        #expect(after.right?.banner == wall.banner(at: due))
        driver.forgetMeasures()
        driver.settle()
        #expect(driver.carousel.index == wall.banner(at: due))
        #expect(driver.carousel.inStepWithWall)
        // No jump on the way: every banner moved with the scroll, the rebase was invisible.
        #expect(driver.maxDiscontinuity == 0 && driver.maxSwapJump == 0)
        // In step from then on.
        for _ in 0..<3 {
            while driver.carousel.phase == .rest { driver.step() }
            #expect(try #require(driver.carousel.activeSnap).startTime == wall.slot(at: driver.time).start)
            driver.settle()
            #expect(driver.carousel.index == wall.banner(at: driver.time))
        }
    }

    @Test func afterAPauseItGoesToTheBannerTheTimelineShowsNowNotOneItShowedBefore() throws {
        var driver = try board(startingAt: .zero, offset: .seconds(3000))
        let wall = try #require(driver.carousel.wallClock)
        driver.carousel.autoplayPaused = true
        driver.step(60 * 20)
        #expect(driver.carousel.phase == .rest)
        driver.carousel.autoplayPaused = false
        let now = driver.time
        #expect(driver.carousel.autoplayTarget == wall.banner(at: now))
        driver.step()
        driver.settle()
        #expect(driver.carousel.index == wall.banner(at: now))
    }

    @Test func withTwoBannersBackInStepOnTheBannerShownNothingMoves() throws {
        var driver = try board(count: 2, startingAt: .zero, offset: .seconds(4000))
        let wall = try #require(driver.carousel.wallClock)
        // Tapped out of step (a tap is a touch), on the banner shown.
        driver.down(400)
        driver.step()
        driver.up()
        driver.step()
        #expect(!driver.carousel.inStepWithWall)
        // Stepped until the timeline's banner at the rejoin is the one shown: no slide, just in step again.
        while let due = driver.carousel.nextAutoplayTime, wall.banner(at: due) != driver.carousel.index {
            driver.step()
            if driver.carousel.phase != .rest { driver.settle() }
            driver.down(400)
            driver.step()
            driver.up()
            driver.step()
        }
        let position = driver.carousel.position
        let due = try #require(driver.carousel.nextAutoplayTime)
        while driver.time <= due { driver.step() }
        #expect(driver.carousel.inStepWithWall && driver.carousel.position == position)
        #expect(driver.carousel.nextAutoplayTime.map { $0 > driver.time } == true)
    }

    /// A carousel made for new content (a reload, a schedule's edge) rests since the old one's rest, maybe slots
    /// ago: it slides from its first step onto the timeline's banner, never jumping to where a missed slide would be.
    @Test func aSlotStartMissedLongAgoSlidesFromNowNeverJumps() throws {
        var driver = try board(startingAt: .zero, offset: .seconds(6000))
        let wall = try #require(driver.carousel.wallClock)
        let start = driver.carousel.position
        let now = Duration.seconds(23)
        driver.carousel.advance(to: now)
        #expect(driver.carousel.phase == .autoplay)
        #expect(try #require(driver.carousel.activeSnap).startTime == now)
        #expect(driver.carousel.position == start)
        #expect(driver.carousel.wallSlideLateness == now - wall.slot(at: now).start)
        // A start within the last step is met exactly, as every slide of a board in step is.
        var inStep = try board(startingAt: .zero, offset: .seconds(6000))
        let next = try #require(inStep.carousel.nextAutoplayTime)
        inStep.carousel.advance(to: next + .milliseconds(10))
        #expect(try #require(inStep.carousel.activeSnap).startTime == next)
    }
}
