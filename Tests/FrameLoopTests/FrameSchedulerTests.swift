import CarouselEngine
import DisplaySelection
import FrameLoop
import FrameLoopTesting
import Testing

@Suite struct FrameSchedulerTests {
    @Test func atRestItDrawsOnceAndNeverWakesAgain() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .vblank(period: .milliseconds(16)))
        loop.run(until: .seconds(3600))
        #expect(loop.frames.count == 1)
        #expect(loop.scheduler.statistics.wakeups <= 2)
        #expect(loop.driver.nextDeadline(display: loop.display) == nil)
    }

    @Test func autoplayWakesOncePerIntervalAndDrawsOnlyWhileMoving() throws {
        var loop = try LoopHarness(
            count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step),
            autoplay: .seconds(5))
        loop.run(until: .seconds(60))
        let stats = loop.scheduler.statistics
        // 11 transitions of about 0.4 s each at 60 Hz, nothing in between.
        #expect(loop.scheduler.carousel.index == 11 % 5)
        #expect(stats.framesRendered > 11 * 15 && stats.framesRendered < 11 * 40)
        // Resting, it wakes for the autoplay deadline and for the last flip's completion: two per interval.
        #expect(loop.restingWakeups <= 2 * (60 / 5) + 1)
    }

    @Test func vblankPacingDrawsOneFramePerFlipWhileMoving() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step))
        loop.swipe(at: .seconds(1), from: 700, to: 300)
        loop.run(until: .seconds(3))
        #expect(loop.scheduler.carousel.index == 1)
        #expect(loop.scheduler.carousel.phase == .rest)
        // Never faster than the display: each frame reaches the glass at a blank of its own.
        let completions = loop.display.completions
        #expect(completions.count == loop.display.presents.count)
        #expect(Set(completions).count == completions.count)
        // Drawn at the blanks: one wake-up a frame besides the finger's samples.
        #expect(loop.wakeups.count <= loop.events.count + loop.frames.count + 4)
        #expect(loop.scheduler.statistics.framesLate == 0)
        #expect(loop.scheduler.statistics.flipTimeouts == 0)
    }

    @Test func aDriverWithoutVblankIsPacedByTheTimerNotTheFlips() throws {
        // bochs completes flips at ~2.5 kHz: the carousel must still draw at 60 Hz, not at the flip rate.
        var loop = try LoopHarness(count: 5, pacing: .timer, flips: .immediate())
        loop.swipe(at: .seconds(1), from: 700, to: 300)
        loop.run(until: .seconds(3))
        #expect(loop.scheduler.carousel.index == 1)
        let moving = loop.frames.filter { $0.time > .seconds(1) }
        let intervals = zip(moving.dropFirst(), moving).map { $0.time - $1.time }
        #expect(intervals.allSatisfy { $0 >= FramePacer.step })
        // While it moves by whole pixels every step, every step is drawn: 60 Hz, not the flip rate.
        let fast = moving.filter { $0.time < .seconds(1) + .milliseconds(380) }
        #expect(fast.count >= 22)
        #expect(loop.scheduler.statistics.wakeups < loop.frames.count * 3)
    }

    @Test func droppedFlipEventsAreBoundedAndTheCarouselStillSettles() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .eventsLost)
        loop.swipe(at: .seconds(1), from: 700, to: 300)
        loop.run(until: .seconds(4))
        #expect(loop.scheduler.carousel.phase == .rest)
        #expect(loop.scheduler.carousel.index == 1)
        #expect(loop.scheduler.statistics.flipTimeouts > 0)
        // At most one frame per flip timeout: no busy loop while the driver is silent.
        #expect(loop.frames.count <= 1 + Int(Duration.seconds(3) / PageFlipTracker.flipTimeout) + 2)
    }

    @Test func everyFrameDuringADragShowsTheNewestSample() throws {
        var loop = try LoopHarness(count: 5, pacing: .timer, flips: .immediate())
        loop.swipe(at: .seconds(1), from: 700, to: 300, duration: .milliseconds(400))
        loop.run(until: .seconds(1) + .milliseconds(390))
        // Each frame shows exactly the newest finger sample at its time (the slop is crossed at 16 px).
        let dragFrames = loop.frames.filter { $0.time >= .seconds(1) + .milliseconds(24) }
        #expect(dragFrames.count >= 20)
        for frame in dragFrames {
            let sample = (0...50).last { .seconds(1) + .milliseconds(8 * $0) <= frame.time } ?? 0
            let finger = 700 - 8 * Double(sample)
            #expect(abs(frame.position - (700 - 16 - finger)) < 1e-9, "frame at \(frame.time)")
        }
    }

    @Test func replacingTheCarouselRedraws() throws {
        var loop = try LoopHarness(count: 5, pacing: .timer, flips: .immediate())
        loop.run(until: .seconds(1))
        let layout = try CarouselLayout(widthPixels: 1024, heightPixels: 768, scale: 1)
        loop.driver.replace(Carousel(layout: layout, count: 2))
        loop.run(until: .seconds(2))
        #expect(loop.frames.count == 2)
    }
}

@Suite struct FrameSchedulerWithoutDisplayTests {
    @Test func droppedFramesLetTheLoopSleepWhileTheClockRuns() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = .seconds(5)
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1, metrics: metrics)
        var scheduler = FrameScheduler(carousel: Carousel(layout: layout, metrics: metrics, count: 3), pacing: .timer)
        let first = scheduler.wake(at: .zero)
        #expect(first)
        scheduler.dropFrame()
        #expect(scheduler.nextDeadline(flipDeadline: nil) == .seconds(5))  // asleep until autoplay, not spinning
        var now = Duration.seconds(5)
        while now < .seconds(7) {
            if scheduler.wake(at: now) { scheduler.dropFrame() }
            now = scheduler.nextDeadline(flipDeadline: nil) ?? .seconds(7)
        }
        #expect(scheduler.carousel.index == 1)
        #expect(scheduler.statistics.framesRendered == 0)
        #expect(scheduler.statistics.wakeups < 60)
    }
}
