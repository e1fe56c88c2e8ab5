import CarouselEngine
import FrameLoop
import FrameLoopTesting
import Testing

/// What the display shows (the one answer proof of play, the metrics and screenshots read) and autoplay on a
/// board too slow to render ahead: in simulated time, through the real frame driver and a fake display.
@Suite struct GlassAndAutoplayTests {
    static let flips: [(String, Pacing, FlipBehaviour)] = [
        ("vblank", .vblank, .vblank(period: FramePacer.step)),
        ("timer", .timer, .immediate()),
    ]

    /// Autoplay every 2 s over seven banners for 30 s: the display comes to rest on each banner in turn. The last
    /// steps of a snap move the carousel less than a pixel, so the frame of the rest is often never drawn; the
    /// picture on glass is still the carousel at rest (proof of play once missed most of these showings).
    @Test(arguments: 0..<2, [(800, 480, 1.0), (1024, 768, 1), (1920, 1080, 1.5), (1280, 800, 1.25)])
    func everyAutoplayStepIsARestOnGlass(flipsIndex: Int, size: (width: Int, height: Int, scale: Double)) throws {
        let (name, pacing, flips) = Self.flips[flipsIndex]
        var loop = try LoopHarness(
            count: 7, pacing: pacing, flips: flips, autoplay: .seconds(2), width: size.width, height: size.height,
            scale: size.scale)
        loop.run(until: .seconds(30))
        let rests = loop.rests
        #expect(rests.count >= 12, "\(name): \(rests)")
        #expect(rests.first == 0, "\(name)")
        for (a, b) in zip(rests, rests.dropFirst()) {
            #expect(b == (a + 1) % 7, "\(name): rests \(rests)")
        }
        // The carousel's own idea of its rests agrees: it moved once per rest after the first, each move autoplay's.
        #expect(loop.scheduler.carousel.index == rests.last, "\(name)")
        #expect(loop.scheduler.carousel.autoplayMoves == rests.count - 1, "\(name)")
        #expect(loop.glass.allSatisfy { $0.picture != nil }, "\(name): a frame was drawn, the display never empty")
    }

    /// Before the first frame and without a display, nothing is on glass.
    @Test func nothingIsOnGlassBeforeTheFirstFrameOrWithoutADisplay() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = .seconds(2)
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1, metrics: metrics)
        var scheduler = FrameScheduler(carousel: Carousel(layout: layout, metrics: metrics, count: 3), pacing: .timer)
        #expect(scheduler.glass == nil)
        let first = scheduler.wake(at: .zero)
        #expect(first)
        scheduler.dropFrame()
        #expect(scheduler.glass == nil)
        _ = scheduler.wake(at: .seconds(5))
        #expect(scheduler.glass == nil)
        scheduler.didPresent()
        #expect(scheduler.glass == GlassPicture(index: scheduler.carousel.index, settled: scheduler.carousel.isSettled))
    }

    /// Banner 3 takes 8 s to render (a slow board, a large photo): autoplay rests on banner 1 from about 2.6 s and
    /// is due to bring in banner 2, whose ear is banner 3, at 4.6 s. It keeps banner 1 on screen until 8 s, with no
    /// frame drawn and no busy waiting, and moves from the moment banner 3 is rendered, without a jump.
    @Test(arguments: 0..<2) func autoplayWaitsForTheBannersItBringsIn(flipsIndex: Int) throws {
        let (name, pacing, flips) = Self.flips[flipsIndex]
        var loop = try LoopHarness(count: 7, pacing: pacing, flips: flips, autoplay: .seconds(2))
        loop.renderedAt = [3: .seconds(8)]
        loop.run(until: .seconds(7.9))
        let carousel = loop.scheduler.carousel
        #expect(carousel.index == 1 && carousel.phase == .rest && carousel.autoplayWaiting, "\(name)")
        #expect(loop.scheduler.statistics.autoplayWaits == 1, "\(name)")
        let framesBefore = loop.frames.count
        #expect(loop.frames.last.map { $0.time < .seconds(4) } == true, "\(name): drew while waiting")
        #expect(loop.wakeups.filter { $0 > .seconds(4.7) }.count <= 1, "\(name): woke while waiting")
        loop.run(until: .seconds(30))
        #expect(!loop.spun, "\(name)")
        #expect(loop.placeholderFrames == 0, "\(name)")
        let moved = try #require(loop.frames.dropFirst(framesBefore).first, "\(name)")
        #expect(moved.time >= .seconds(8), "\(name)")
        // The first frame of the move is a step into it, not the distance a snap started at 4.6 s would have covered.
        let page = carousel.layout.pageStep
        #expect(moved.position < page * 1.1, "\(name): \(moved)")
        #expect(loop.rests.prefix(5) == [0, 1, 2, 3, 4], "\(name): \(loop.rests)")
        #expect(loop.scheduler.statistics.autoplayWaits == 1, "\(name)")
    }

    /// The first frame waits for the banners it shows (a placeholder is never the first picture) as long as they keep
    /// coming, but not for ever: a banner that never renders does not keep the screen dark.
    @Test func theFirstFrameWaitsForItsBannersWithinPatience() throws {
        var loop = try LoopHarness(count: 7, pacing: .timer, flips: .immediate())
        loop.renderedAt = [6: .seconds(3)]  // the left ear
        loop.run(until: .seconds(20))
        #expect(loop.frames.first?.time == .seconds(3))
        #expect(loop.placeholderFrames == 0)
        #expect(loop.wakeups.count <= 3)

        // Slow but going on: each banner takes 20 s, the wait lasts until the last is rendered.
        var slow = try LoopHarness(count: 7, pacing: .timer, flips: .immediate())
        slow.renderedAt = [6: .seconds(20), 0: .seconds(40), 1: .seconds(60)]
        slow.run(until: .seconds(80))
        #expect(slow.frames.first?.time == .seconds(60))
        #expect(slow.placeholderFrames == 0)

        var stuck = try LoopHarness(count: 7, pacing: .timer, flips: .immediate())
        stuck.renderedAt = [0: .seconds(600)]
        stuck.run(until: .seconds(40))
        #expect(stuck.frames.first?.time == RenderingPatience.sinceLastBanner)
        #expect(stuck.placeholderFrames == 1)
        #expect(!stuck.spun && stuck.wakeups.count <= 3)
    }

    /// Autoplay's first interval counts from the first frame on glass, not from the start: a first frame held for
    /// its banners does not shorten the first banner's showing.
    @Test func theFirstBannerStandsItsWholeIntervalAfterAHeldFirstFrame() throws {
        var loop = try LoopHarness(count: 7, pacing: .timer, flips: .immediate(), autoplay: .seconds(5))
        loop.renderedAt = [6: .seconds(2), 0: .seconds(4), 1: .seconds(6), 2: .seconds(6)]
        loop.run(until: .seconds(10.9))
        #expect(loop.frames.first?.time == .seconds(6))
        #expect(loop.scheduler.carousel.index == 0 && loop.scheduler.carousel.phase == .rest)
        #expect(loop.frames.count == 1)
        loop.run(until: .seconds(20))
        let moved = try #require(loop.frames.dropFirst().first)
        #expect(moved.time > .seconds(11) && moved.time < .seconds(11.1), "\(moved)")
        #expect(loop.rests.prefix(2) == [0, 1])
    }

    /// The banner whose ear shows beside the new centre counts too: a slide must not end on a placeholder's ear.
    @Test func autoplayWaitsForTheEarBesideItsBannerToo() throws {
        var loop = try LoopHarness(count: 7, pacing: .timer, flips: .immediate(), autoplay: .seconds(2))
        loop.renderedAt = [2: .seconds(3)]
        loop.run(until: .seconds(2.9))
        #expect(loop.scheduler.carousel.index == 0 && loop.scheduler.carousel.autoplayWaiting)
        loop.run(until: .seconds(10))
        #expect(loop.placeholderFrames == 0)  // banner 2 shows only once banner 1 is centred
        #expect(loop.rests.prefix(3) == [0, 1, 2])
    }

    /// A finger or a pause while autoplay waits ends the wait: the carousel is the person's again.
    @Test func aTouchWhileAutoplayWaitsEndsTheWait() throws {
        var loop = try LoopHarness(count: 7, pacing: .timer, flips: .immediate(), autoplay: .seconds(2))
        loop.renderedAt = [1: .seconds(60)]
        loop.swipe(at: .seconds(3), from: 200, to: 600)  // back to banner 6
        loop.run(until: .seconds(4))
        #expect(!loop.scheduler.carousel.autoplayWaiting)
        #expect(loop.scheduler.carousel.index == 6)
        #expect(!loop.spun)
    }
}
