import BackgroundJobs
import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import FrameLoopTesting
import Raster
import Testing
import ThreadSanitizerRun

@Suite struct StripLayoutTests {
    @Test func theStripReachesHalfAPageEitherWayOfItsPage() throws {
        // 320 px: banners of 288 px, 8 px apart, so a page is 296 px and the rebase comes 148 px either way.
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let strip = StripLayout(layout: layout, rotation: .none)
        #expect(strip.reach == 149 && strip.logicalWidth == 618 && strip.logicalHeight == 200)
        #expect(strip.scanoutSize == (618, 200))
        #expect(StripLayout(layout: layout, rotation: .clockwise90).scanoutSize == (200, 618))
        // At rest on page 3 the window is in the middle; it reaches either end and no further.
        #expect(strip.windowOffset(scrollPixels: 3 * 296, centerPage: 3) == 149)
        #expect(strip.windowOffset(scrollPixels: 3 * 296 - 149, centerPage: 3) == 0)
        #expect(strip.windowOffset(scrollPixels: 3 * 296 + 149, centerPage: 3) == 298)
        #expect(strip.windowOffset(scrollPixels: 3 * 296 + 150, centerPage: 3) == nil)
        #expect(strip.windowOffset(scrollPixels: 3 * 296 - 150, centerPage: 3) == nil)
        // The centre page's banner sits in the strip where it sits on screen, moved by the reach.
        #expect(strip.bannerX(page: 3, centerPage: 3) == 16 + 149)
        #expect(strip.bannerX(page: 4, centerPage: 3) == 16 + 149 + 296)
    }

    @Test func theWindowTurnsWithTheScreen() throws {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        func origin(_ rotation: Rotation) -> (x: Int, y: Int) {
            StripLayout(layout: layout, rotation: rotation).scanoutOrigin(windowOffset: 10)
        }
        #expect(origin(.none) == (10, 0))
        #expect(origin(.clockwise90) == (0, 10))
        #expect(origin(.clockwise180) == (618 - 330, 0))
        #expect(origin(.clockwise270) == (0, 618 - 330))
    }
}

@Suite struct StripSlotsTests {
    private func content(_ page: Int) -> StripContent { StripContent(centerPage: page, placements: []) }

    @Test func aStripOnScreenOrBeingComposedIsNeverClaimed() {
        var slots = StripSlots(count: 2)
        #expect(slots.claim(content(0), keep: [], busy: { _ in false }) == 0)
        #expect(slots.claim(content(0), keep: [], busy: { _ in false }) == nil)  // composing already
        #expect(slots.ready(content(0)) == nil)
        slots.composed(0, content: content(0))
        #expect(slots.ready(content(0)) == 0)
        // Strip 0 is on screen: the next page goes into strip 1.
        #expect(slots.claim(content(1), keep: [content(0), content(1)], busy: { $0 == 0 }) == 1)
        // Both busy (one on screen, one composing): nothing to claim for page 2.
        #expect(slots.claim(content(2), keep: [content(1), content(2)], busy: { $0 == 0 }) == nil)
        slots.composed(1, content: content(1))
        // Strip 0 left the screen and holds a page no longer wanted: it is reused.
        #expect(slots.claim(content(2), keep: [content(1), content(2)], busy: { $0 == 1 }) == 0)
        // A composition finished for content the strip no longer stands for is not taken.
        slots.composed(0, content: content(5))
        #expect(slots.ready(content(5)) == nil && slots.states[0] == .composing(content(2)))
    }

    @Test func whatIsWantedIsKept() {
        var slots = StripSlots(count: 2)
        _ = slots.claim(content(0), keep: [], busy: { _ in false })
        slots.composed(0, content: content(0))
        _ = slots.claim(content(1), keep: [], busy: { _ in false })
        slots.composed(1, content: content(1))
        #expect(slots.claim(content(2), keep: [content(0), content(1), content(2)], busy: { _ in false }) == nil)
        #expect(slots.claim(content(2), keep: [content(1), content(2)], busy: { _ in false }) == 0)
    }
}

@Suite struct StripPannerTests {
    /// Drags a carousel of `count` banners forwards across two rebases and back, one frame per step, with strips
    /// composed between frames (at once, or on `thread` as `bannerd run` does); returns the frames on glass and
    /// the same frames composed directly.
    static func scroll(
        rotation: Rotation, count: Int = 7, composeStrips: Bool = true, thread: BackgroundQueue<StripJob>? = nil,
        refusing: (allocation: Bool, flip: Bool) = (false, false)
    ) throws -> (glass: [Bitmap], composed: [Bitmap], panner: StripPanner) {
        let scanout = PixelSize(width: 160, height: 100)
        let logical = rotation.logicalSize(forScanout: scanout)
        let layout = try CarouselLayout(widthPixels: logical.width, heightPixels: logical.height, scale: 1)
        let presenter = CarouselPresenter(
            banners: CarouselPresenterTests.banners(count), layout: layout, rotation: rotation, background: .black,
            rendering: .inline(try CarouselPresenterTests.renderer()))
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: scanout)
        display.panMethod = .framebufferOffset
        display.refusesStrips = refusing
        let panner = StripPanner(device: display, layout: layout, rotation: rotation, background: .black)
        var carousel = Carousel(layout: layout, count: count)
        let reference = PixelBufferStorage(width: scanout.width, height: scanout.height, format: .xrgb8888)
        var glass: [Bitmap] = []
        var composed: [Bitmap] = []
        let y = Double(logical.height / 2)
        carousel.handle(.touchDown(slot: 0, position: PixelPoint(x: 150, y: y), millimetres: nil, time: .zero))
        let fingers =
            Array(stride(from: 150.0, through: -300, by: -9)) + Array(stride(from: -300.0, through: 60, by: 13))
        for (frame, finger) in fingers.enumerated() {
            let time = Duration.milliseconds(17 * frame)
            clock.advance(to: time)
            _ = try display.handleReadable()
            carousel.handle(.touchMotion(slot: 0, position: PixelPoint(x: finger, y: y), millimetres: nil, time: time))
            _ = carousel.advance(to: time)
            presenter.focus(on: carousel)
            for job in thread?.collect() ?? [] { panner.composed(job) }
            if composeStrips {
                panner.prepare(carousel, presenter: presenter) { job in
                    if let thread {
                        thread.submit {
                            job.run()
                            return job
                        }
                    } else {
                        job.run()
                        panner.composed(job)
                    }
                }
            }
            if try panner.present(carousel, presenter: presenter) == nil {
                presenter.draw(carousel.visibleViews(), into: try #require(display.backBuffer))
                _ = try display.present()
            }
            clock.advance(to: time + .milliseconds(1))
            _ = try display.handleReadable()
            glass.append(display.glassPicture())
            presenter.draw(carousel.visibleViews(), into: reference.buffer)
            composed.append(reference.buffer.snapshot())
        }
        #expect(carousel.recycler.map { abs($0.centerPage) } ?? 0 <= 2)
        return (glass, composed, panner)
    }

    @Test(
        .disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)),
        arguments: [Rotation.none, .clockwise90, .clockwise180, .clockwise270])
    func everyFrameOnGlassIsTheComposedFrame(rotation: Rotation) throws {
        let (glass, composed, panner) = try Self.scroll(rotation: rotation)
        #expect(glass.count == composed.count)
        let differing = zip(glass, composed).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect(differing.isEmpty, "frames on glass that differ from the composed ones: \(differing)")
        // The first frame is composed while the first strip is made; from then on, frames pan.
        #expect(panner.framesPanned >= glass.count - 2)
        #expect(panner.stripsComposed >= 4)  // rebases both ways
    }

    @Test func withoutStripsEveryFrameIsComposed() throws {
        let (glass, composed, panner) = try Self.scroll(rotation: .none, composeStrips: false)
        #expect(glass.count == composed.count && glass.elementsEqual(composed))
        #expect(panner.framesPanned == 0)
    }

    @Test(arguments: [(true, false), (false, true)])
    func aDisplayThatCannotPanStillShowsEveryFrameComposed(allocation: Bool, flip: Bool) throws {
        let (glass, composed, panner) = try Self.scroll(rotation: .none, refusing: (allocation, flip))
        #expect(glass.count == composed.count && glass.elementsEqual(composed))
        #expect(panner.framesPanned == 0)
        #expect(panner.takeFailure()?.hasPrefix("panning stopped, every frame is composed: ENOMEM") == true)
        #expect(panner.takeFailure() == nil)  // said once
    }

    @Test(arguments: [1, 2])
    func oneAndTwoBannersPanToo(count: Int) throws {
        let (glass, composed, panner) = try Self.scroll(rotation: .none, count: count)
        #expect(glass.count == composed.count && glass.elementsEqual(composed))
        #expect(panner.framesPanned > 0)
    }
}

/// The strip thread beside the loop, as `bannerd run` runs it (scripts/test runs this suite under ThreadSanitizer):
/// the loop pans over strips the thread composed, and never shows one it is still composing.
@Suite struct StripPannerThreadTests {
    @Test func stripsComposedOnAThreadAreShownOnlyWhenDone() throws {
        let thread = try BackgroundQueue<StripJob>(name: "test-strips", niceness: 0, wake: {})
        defer {
            thread.finish()
            thread.stop()
        }
        for rotation in [Rotation.none, .clockwise90] {
            let (glass, composed, panner) = try StripPannerTests.scroll(rotation: rotation, thread: thread)
            thread.finish()
            _ = thread.collect()
            let differing = zip(glass, composed).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
            #expect(differing.isEmpty, "frames on glass that differ from the composed ones: \(differing)")
            #expect(panner.framesPanned > 0 && panner.stripsComposed > 0)
        }
    }
}
