import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import FrameLoopTesting
import Raster
import Testing

@testable import PrerenderThreads

/// Issue 45 off the loop: the worker's threads decode a streamed banner's frames straight into the planes' memory the
/// presenter lends them, the banner's layer written before the first. On glass (`FakeDisplay` blending the planes as
/// vkms does) each frame due is the picture of the same animation kept whole and composed.
@Suite struct VideoOnPlanesWorkerTests {
    @Test func eachFrameDueIsDecodedIntoThePlanesOnTheThreads() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: PixelSize(width: 320, height: 200))
        var onPlanes: [Int] = []
        var failure: String?
        var planesGiven = false
        let times = stride(from: 0, through: 1500, by: 100)
        let matched = try StreamedAnimationWorkerTests.playedAsKept(
            through: times,
            banners: BannerList([
                Banner(
                    id: "moving", title: "Moving", subtitle: "on a plane",
                    artwork: .file(path: StreamedAnimationWorkerTests.gif)),
                Banner(id: "b", title: "B"),
            ]),
            glass: { threaded, views in
                // The threaded presenter is made inside: it is given the planes at its first frame.
                if !planesGiven { threaded.playVideos(onPlanes: 40, layer: 41, of: display) }
                planesGiven = true
                failure = threaded.videoPlanesFailure
                if let buffer = display.backBuffer {
                    threaded.drawChanges(views, into: buffer)
                    _ = try display.present()
                }
                clock.advance(to: clock.now + .milliseconds(1))
                _ = try display.handleReadable()
                return display.glassPicture()
            },
            matched: { time in
                if display.glassOverlays.contains(where: { $0.buffer != nil }) { onPlanes.append(time) }
            })
        #expect(matched == Array(times))
        // Frame 0 is the banner as rendered, on the primary plane; every other frame came on the planes but frame 1,
        // which was asked for before the planes were given (at the first frame drawn): it came composed, or on them when
        // it was asked for again after (as the threads' pace has it).
        #expect(onPlanes.filter { $0 != 100 } == times.filter { $0 % 600 != 0 && $0 != 100 }, "\(onPlanes)")
        #expect(failure == nil)
    }

    /// A frame decoded into the planes asks for no frame to be drawn when it arrives, even late: the loop's step after
    /// the wake-up shows it by a flip of the planes alone (a frame drawn, it would write no pixel, but commit the
    /// primary plane for nothing).
    @Test func aFrameArrivingForThePlanesAsksForNoFrameDrawn() throws {
        let (worker, threaded, _, carousel) = try StreamedAnimationWorkerTests.presenters(
            BannerList([
                Banner(id: "moving", title: "Moving", artwork: .file(path: StreamedAnimationWorkerTests.gif)),
                Banner(id: "b", title: "B"),
            ]))
        defer { worker.stop() }
        let display = FakeDisplay(clock: ManualClock(), flips: .immediate(), size: PixelSize(width: 320, height: 200))
        threaded.playVideos(onPlanes: 40, layer: 41, of: display)
        let views = carousel.visibleViews()
        threaded.focus(on: carousel)
        for _ in 0..<15_000 where !(threaded.isRendered(0) && threaded.isRendered(1)) {
            _ = threaded.collect(visible: views)
            usleepWhileWorking()
        }
        try #require(threaded.isRendered(0) && threaded.isRendered(1), "the banners were not rendered in 30 s")
        // Frames 1 and 2 asked for at once; frame 3 falls due before they come: they arrive late.
        _ = threaded.advanceAnimations(carousel, at: .milliseconds(10))
        _ = threaded.advanceAnimations(carousel, at: .milliseconds(350))
        var redraws = 0
        for _ in 0..<15_000 where threaded.streamCounts.drawn < 2 {
            if threaded.collect(visible: views) { redraws += 1 }
            usleepWhileWorking()
        }
        #expect(threaded.streamCounts.drawn >= 2)
        #expect(redraws == 0)
        #expect(threaded.advanceAnimations(carousel, at: .milliseconds(360)) == .overlays)
        #expect(display.overlays.count == 2)
    }

    /// Another video taking the planes off the loop: the frame the first holds on them (its ear) is drawn as a sprite on
    /// a thread (`flatten`), the planes kept until it comes, then the second plays on them. On glass throughout: the
    /// same banners composed inline.
    @Test func anotherVideoTakesThePlanesOnceTheHeldFrameIsASprite() throws {
        let gif = StreamedAnimationWorkerTests.gif
        let (worker, threaded, inline, first) = try StreamedAnimationWorkerTests.presenters(
            BannerList([
                Banner(id: "first", title: "First", artwork: .file(path: gif)),
                Banner(id: "second", title: "Second", artwork: .file(path: gif)), Banner(id: "still", title: "Still"),
            ]))
        defer { worker.stop() }
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: PixelSize(width: 320, height: 200))
        threaded.playVideos(onPlanes: 40, layer: 41, of: display)
        let second = Carousel(layout: first.layout, count: 3, startIndex: 1)
        let expected = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
        for presenter in [inline, threaded] {  // inline renders now: both animations begin at the first step
            presenter.focus(on: first)
            presenter.focus(on: second)
        }
        for _ in 0..<15_000 where !(0...2).allSatisfy(threaded.isRendered) {
            _ = threaded.collect(visible: first.visibleViews())
            usleepWhileWorking()
        }
        try #require((0...2).allSatisfy(threaded.isRendered), "the banners were not rendered in 30 s")
        /// Whether glass comes to show `carousel` at `ms` as the inline presenter composes it, within 30 s.
        func shows(_ carousel: Carousel, at ms: Int) throws -> Bool {
            let now = Duration.milliseconds(ms)
            _ = inline.advanceAnimations(carousel, at: now)
            inline.draw(carousel.visibleViews(), into: expected.buffer)
            let picture = expected.buffer.snapshot().opaque
            for _ in 0..<15_000 {
                _ = threaded.collect(visible: carousel.visibleViews())
                _ = threaded.advanceAnimations(carousel, at: now)
                if let buffer = display.backBuffer {
                    threaded.drawChanges(carousel.visibleViews(), into: buffer)
                    _ = try display.present()
                }
                clock.advance(to: clock.now + .milliseconds(1))
                _ = try display.handleReadable()
                if display.glassPicture() == picture { return true }
                usleepWhileWorking()
            }
            return false
        }
        /// The x of what the picture's plane shows on glass; nil when it is off.
        func planeX() -> Int? {
            display.glassOverlays.first { $0.planeID == 40 && $0.buffer != nil }?.destination.x
        }
        // The first plays on the planes (frame 0, then 2 at 250 ms).
        #expect(try shows(first, at: 10) && shows(first, at: 250))
        let centre = first.visibleViews().first { $0.banner == 0 }?.x
        #expect(planeX() == centre, "the first on the planes at \(String(describing: planeX()))")
        // The carousel rests on the second: the first holds frame 2 as its left ear, drawn as a sprite on a thread; the
        // second plays, composed until that sprite comes, on the planes after (by its last frame, 5, at 760 ms).
        #expect(try shows(second, at: 260))
        let secondX = second.visibleViews().first { $0.banner == 1 }?.x
        var onPlanes: [Int] = []
        for ms in stride(from: 360, through: 760, by: 100) {
            #expect(try shows(second, at: ms), "at \(ms) ms")
            if planeX() == secondX { onPlanes.append(ms) }
        }
        #expect(onPlanes.last == 760, "the second on the planes at \(onPlanes) ms")
        #expect(threaded.videoPlanesFailure == nil)
    }
}
