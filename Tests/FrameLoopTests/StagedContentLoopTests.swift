import CarouselEngine
import FrameLoop
import FrameLoopTesting
import Testing

/// Reloaded content through the loop's own step (`LoopWorld.step`): staged off screen while the old carousel goes
/// on showing, it takes over at rest once the banners around the centre are rendered, or once rendering has
/// stalled for `RenderingPatience`.
@Suite struct StagedContentLoopTests {
    @Test func newContentTakesOverAtRestOnceTheBannersAroundTheCentreAreRendered() throws {
        var loop = try LoopHarness(
            count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(5))
        // Six banners, rendered at 8 s, while a finger swipes the old carousel on to its next banner.
        let rendered = Duration.seconds(8)
        loop.changeContent(
            at: .seconds(1), count: 6, renderedAt: Dictionary(uniqueKeysWithValues: (0..<6).map { ($0, rendered) }))
        loop.swipe(at: rendered - .milliseconds(50), from: 600, to: 300)
        loop.run(until: .seconds(9))
        let swap = try #require(loop.swaps.first)
        #expect(loop.swaps.count == 1)
        #expect(swap.staged == .seconds(1) + LoopChores.contentQuietTime)
        // Meanwhile the old carousel went on moving (autoplay, then the swipe), all of it drawn.
        #expect(loop.frames.contains { $0.time > swap.staged && $0.time < rendered })
        // Not under the finger or mid-snap: at the rest the swipe came to, on the banner the screen showed then,
        // and with every banner in sight rendered.
        #expect(swap.swapped > rendered + .milliseconds(80))
        #expect(swap.settled)
        #expect(loop.rests == [0, 1, 2])
        #expect(loop.scheduler.carousel.count == 6)
        #expect(loop.placeholderFrames == 0)
        #expect(loop.frames.contains { $0.time > swap.swapped })  // the new content drawn
        // The banners' schedules waited while it was staged: the content taking over brings its own.
        #expect(!loop.schedulesApplied.contains { $0 >= swap.staged && $0 <= swap.swapped })
        #expect(loop.schedulesApplied.contains { $0 < swap.staged })
        #expect(loop.schedulesApplied.contains { $0 > swap.swapped })
    }

    @Test func aBannerThatNeverRendersHoldsTheNewContentBackOnlyForThePatience() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step))
        // The new banner on screen never renders; those beside it come every 2 s, each renewing the patience.
        let lastRendered = Duration.seconds(8)
        let renders: [Int: Duration] = [
            0: .seconds(3600), 1: .seconds(2), 2: .seconds(4), 4: .seconds(6), 5: lastRendered,
        ]
        loop.changeContent(at: .seconds(1), count: 6, renderedAt: renders)
        loop.run(until: .seconds(60))
        let swap = try #require(loop.swaps.first)
        #expect(loop.swaps.count == 1)
        let patienceOut = lastRendered + RenderingPatience.sinceLastBanner
        #expect(swap.swapped == patienceOut)
        #expect(swap.settled)
        // Asleep while it waited (autoplay is off): nothing woke the loop but the patience running out.
        #expect(!loop.wakeups.contains { $0 > lastRendered && $0 < patienceOut })
        // The old banner stayed on screen until then; then one frame of the new content, a placeholder for the
        // banner that never rendered.
        let framesSinceStaged = loop.frames.filter { $0.time > swap.staged }
        #expect(framesSinceStaged.count == 1)
        #expect(framesSinceStaged.allSatisfy { $0.time >= patienceOut })
        #expect(loop.placeholderFrames == 1)
    }
}
