import CarouselEngine
import DisplaySelection
import FrameLoop
import FrameLoopTesting
import Testing

/// Item 4 of the loop's review: whichever way the vblank detector decides, frames are paced right.
@Suite struct PacingTests {
    /// A slow two-second drag across the screen: the picture changes at every 60 Hz step.
    static func dragging(pacing: Pacing, flips: FlipBehaviour) throws -> LoopHarness {
        var loop = try LoopHarness(count: 5, pacing: pacing, flips: flips)
        loop.swipe(at: .seconds(1), from: 790, to: 10, duration: .seconds(2))
        loop.run(until: .seconds(4))
        return loop
    }

    @Test(arguments: [Pacing.vblank, .timer], [0.05, 0.4, 2.0, 5.0, 10.0, 15.0])
    func aDriverThatCompletesAtOnceNeverDrawsFasterThanTheStep(pacing: Pacing, latencyMilliseconds: Double) throws {
        let latency = Duration.microseconds(Int64(latencyMilliseconds * 1000))
        let loop = try Self.dragging(pacing: pacing, flips: .immediate(latency: latency))
        #expect(!loop.spun)
        let times = loop.frames.map(\.time)
        let gaps = zip(times.dropFirst(), times).map { $0 - $1 }
        #expect(gaps.allSatisfy { $0 >= FramePacer.step }, "a frame within one step of the last")
        // Every step of the drag is drawn: 60 frames a second, neither more nor fewer.
        let dragging = times.filter { $0 > .seconds(1) + .milliseconds(100) && $0 <= .seconds(2) + .milliseconds(100) }
        #expect(dragging.count == 60)
        #expect(loop.scheduler.statistics.framesLate == 0)
        // Besides the finger's samples, two wake-ups a frame at most: the step and the completion.
        #expect(loop.wakeups.count <= loop.events.count + 2 * loop.frames.count + 4)
    }

    @Test(arguments: [50.0, 59.94, 60.0, 60.06, 75.0], [0.0, 3.0, 8.3, 13.0, 16.5])
    func aRealBlankIsNeverBeatenByTheTimer(refreshHertz: Double, phaseMilliseconds: Double) throws {
        let period = Duration.nanoseconds(Int64(1e9 / refreshHertz))
        let loop = try Self.dragging(
            pacing: .vblank, flips: .vblank(period: period, phase: .microseconds(Int64(phaseMilliseconds * 1000))))
        #expect(!loop.spun)
        #expect(loop.scheduler.statistics.flipTimeouts == 0)
        // A step is made up late only where the display refreshes slower than the steps (50 Hz: 6 steps in 5).
        if period <= FramePacer.step + .microseconds(20) { #expect(loop.scheduler.statistics.framesLate == 0) }
        // Every frame presented reaches the glass, one per blank.
        let completions = loop.display.completions
        #expect(completions.count == loop.display.presents.count)
        #expect(Set(completions).count == completions.count)
        // While the finger moves, each blank shows a new frame when the display is no faster than the step, and no
        // frame stays on for more than two blanks when it is (75 Hz shows each step for one or two refreshes).
        let dragging = completions.filter {
            $0 > .seconds(1) + .milliseconds(100) && $0 < .seconds(2) + .milliseconds(900)
        }
        let blanks = zip(dragging.dropFirst(), dragging).map { Int((($0 - $1) / period).rounded()) }
        if period >= FramePacer.step - .microseconds(20) {
            #expect(blanks.allSatisfy { $0 == 1 }, "blanks between frames: \(blanks)")
            // The steps follow the blanks: one wake-up a frame besides the finger's samples, not a second one
            // for a timer running beside them.
            #expect(loop.wakeups.count <= loop.events.count + loop.frames.count + 8)
        } else {
            #expect(blanks.allSatisfy { $0 == 1 || $0 == 2 }, "blanks between frames: \(blanks)")
        }
    }

    @Test func theDriverPacesAsTheDisplayDecidesFromItsFlips() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), pacing: .measuring)
        let layout = try CarouselLayout(widthPixels: 64, heightPixels: 48, scale: 1)
        var driver = FrameDriver(
            scheduler: FrameScheduler(carousel: Carousel(layout: layout, count: 3), pacing: .vblank))
        // Still measuring: flip events pace the frames meanwhile.
        let measuring = driver.followPacing(of: display)
        #expect(!measuring && driver.scheduler.pacing == .vblank)
        let first = try driver.frame(at: .zero, on: display) { _, _ in }
        #expect(first == .presented)
        // The first flip's event shows there is no vblank counter: the timer takes over as the event is read.
        display.pacing = .timer(period: PacingDecision.fallbackTimerPeriod, reason: .noPageFlips)
        clock.advance(to: try #require(display.nextEventTime))
        let changed = try driver.readFlipEvents(from: display)
        #expect(changed && driver.scheduler.pacing == .timer)
        // A display connected later, with a vblank, is followed too (and a repeat is no change).
        let other = FakeDisplay(clock: clock, flips: .vblank(period: FramePacer.step))
        let connected = driver.followPacing(of: other)
        let again = driver.followPacing(of: other)
        #expect(connected && !again && driver.scheduler.pacing == .vblank)
    }
}
