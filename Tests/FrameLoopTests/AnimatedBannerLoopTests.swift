import CarouselEngine
import FrameLoop
import FrameLoopTesting
import Testing

/// Animated banners through the loop's own step (`LoopWorld.step`): at rest a frame is drawn for each frame of the
/// animation at its time and for nothing else, and an animation begins as its banner comes to rest in the centre.
@Suite struct AnimatedBannerLoopTests {
    static func ms(_ n: Int) -> Duration { .milliseconds(n) }
    /// Four frames: 100, 100, 100 and 200 ms.
    static func timeline(plays: Int?) throws -> AnimationTimeline {
        try #require(AnimationTimeline(durations: [ms(100), ms(100), ms(100), ms(200)], plays: plays))
    }

    @Test(arguments: [Pacing.vblank, .timer])
    func atRestEachFrameOfTheAnimationIsDrawnOnceAtItsTime(pacing: Pacing) throws {
        var loop = try LoopHarness(count: 3, pacing: pacing, flips: .vblank(period: FramePacer.step))
        loop.animations = [0: try Self.timeline(plays: nil)]
        loop.run(until: .seconds(3))
        #expect(!loop.spun)
        let frames = loop.animationFrames
        // One frame per change: 0 1 2 3 (200 ms) 0 1 …, a play of 500 ms: six plays, and the seventh's first at 3 s.
        #expect(frames.count == 6 * 4 + 1, "\(frames.count) frames")
        for (n, shown) in frames.enumerated() {
            let play = n / 4
            let due = Self.ms(500) * play + [Self.ms(0), Self.ms(100), Self.ms(200), Self.ms(300)][n % 4]
            #expect(shown.frame == n % 4, "frame \(n)")
            // Drawn at its time, or at the step after it (within one 60 Hz step).
            #expect(shown.time >= due && shown.time < due + FramePacer.step, "frame \(n) at \(shown.time)")
        }
        // Woken for those frames only (and the flips they made).
        #expect(loop.wakeups.count <= 3 * frames.count)
    }

    @Test func anAnimationPlayedOnceStopsDrawingOnItsLastFrame() throws {
        var loop = try LoopHarness(count: 3, pacing: .timer, flips: .vblank(period: FramePacer.step))
        loop.animations = [0: try Self.timeline(plays: 1)]
        loop.run(until: .seconds(10))
        #expect(loop.animationFrames.map(\.frame) == [0, 1, 2, 3])
        #expect(loop.wakeups.filter { $0 > .seconds(1) }.isEmpty)
    }

    @Test func anAnimationBeginsAsAutoplayBringsItsBannerToTheCentre() throws {
        var loop = try LoopHarness(
            count: 3, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(4))
        loop.animations = [1: try Self.timeline(plays: 1)]
        loop.run(until: .seconds(8))
        // Banner 0 rests 4 s and nothing is drawn meanwhile; then the slide, at whose end banner 1 begins: its
        // frames go 0, 1, 2, 3 in order and never back.
        #expect(!loop.frames.contains { $0.time > .zero && $0.time < .seconds(4) })
        let animated = loop.animationFrames.filter { $0.time >= .seconds(4) }.map(\.frame)
        #expect(animated.first == 0 && animated.last == 3)
        #expect(zip(animated, animated.dropFirst()).allSatisfy { $0 <= $1 })
        #expect(Set(animated) == [0, 1, 2, 3])
        #expect(loop.rests == [0, 1])
    }

    @Test func aBannerLastingItsAnimationHandsOverAsItsLastFrameEnds() throws {
        // Banner 1 lasts its animation's 500 ms, as a video banner lasts its video.
        var loop = try LoopHarness(
            count: 3, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(4),
            ownInterval: { $0 == 1 ? Self.ms(500) : nil })
        loop.animations = [1: try Self.timeline(plays: 1)]
        loop.run(until: .seconds(7))
        // Its frames begin as it comes to rest (the slide in shows its first frame), and it leaves as the last ends.
        let rested = try #require(loop.glass.first { $0.picture?.index == 1 && $0.picture?.settled == true }?.time)
        let left = try #require(loop.glass.first { $0.time > rested && $0.picture?.settled == false }?.time)
        let frames = loop.animationFrames.filter { $0.time >= .seconds(4) }
        #expect(frames.filter { $0.time < rested }.allSatisfy { $0.frame == 0 })
        for (frame, due) in [(1, Self.ms(100)), (2, Self.ms(200)), (3, Self.ms(300))] {
            let shown = try #require(frames.first { $0.frame == frame }?.time)
            // On glass within a step or two of its time (the flip after the step that drew it).
            #expect(shown >= rested + due && shown <= rested + due + FramePacer.step * 2, "frame \(frame) at \(shown)")
        }
        // The slide away begins within a step of 500 ms after the rest (the step and its flip).
        let handover = rested + Self.ms(500)
        #expect(left >= handover - FramePacer.step && left <= handover + FramePacer.step, "left at \(left)")
    }

    /// Autoplay falls due as an animation's frame is drawn (a video banner whose manifest's duration is shorter than
    /// the video): that frame's step came a hair before the autoplay time on the grid, and the next step is the
    /// autoplay's. The loop waited for the autoplay time, already past, and woke again and again without a step.
    @Test func autoplayDueAsAPlayingAnimationsFrameIsDrawnMovesOnAtTheNextStep() throws {
        var loop = try LoopHarness(
            count: 3, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(1))
        loop.animations = [0: try Self.timeline(plays: nil)]
        loop.run(until: .seconds(2))
        #expect(!loop.spun)
        #expect(loop.rests == [0, 1])
        #expect(loop.mostWakeups() < 200, "\(loop.mostWakeups()) wake-ups in a second")
    }

    @Test func anUnpluggedScreenPlaysNothingAndWakesForNoFrame() throws {
        var loop = try LoopHarness(count: 3, pacing: .timer, flips: .vblank(period: FramePacer.step))
        loop.animations = [0: try Self.timeline(plays: nil)]
        loop.display.unplugged = [Duration.zero..<Duration.seconds(60)]
        loop.hotplugEvents = [Self.ms(1)]
        loop.run(until: .seconds(5))
        #expect(!loop.spun)
        #expect(loop.display.presents.filter { $0 > Self.ms(1) }.isEmpty)
        // Woken only to look for the display.
        #expect(loop.wakeups.filter { $0 > .seconds(1) } == loop.displayProbes.filter { $0 > .seconds(1) })
    }
}
