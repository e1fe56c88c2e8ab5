import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import FrameLoopTesting
import GlyphText
import ImageDecoding
import Raster
import Testing
import ThreadSanitizerRun

/// The loop of `bannerd run` (`LoopHarness`: the production step on a simulated display) drawing with a real
/// presenter, rendering inline: a GIF streamed frame by frame (it is over the animation budget), as MainLoop
/// shows one.
@Suite struct StreamedBannerLoopTests {
    /// A 320x200 loop showing `banners` with a presenter rendering inline, animations streamed (over the budget).
    static func loop(_ banners: BannerList, autoplay: Duration?) throws -> (
        loop: LoopHarness, presenter: CarouselPresenter
    ) {
        let fonts = try FontSet()
        var presenter: CarouselPresenter?
        let loop = try LoopHarness(
            count: banners.count, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: autoplay,
            width: 320, height: 200
        ) { layout in
            let made = CarouselPresenter(
                banners: banners, layout: layout, rotation: .none, background: .black,
                rendering: .inline(
                    BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())),
                animationBudget: 1)
            presenter = made
            return made
        }
        return (loop, try #require(presenter))
    }

    /// 30 frames at 10 fps, played once, on the centre banner; autoplay moves on after 5 s.
    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func aStreamedAnimationIsShownFrameByFrameAndNothingIsDrawnAtRest() throws {
        try AnimatedBannerPresenterTests.withGIF(loop: -1, seconds: 3) { path in
            let banners = BannerList(
                [Banner(id: "long", artwork: .file(path: path))] + CarouselPresenterTests.banners(2))
            var (loop, shown) = try Self.loop(banners, autoplay: .seconds(5))
            loop.run(until: .milliseconds(1050))
            let playing = loop.display.glassPicture()
            loop.run(until: .milliseconds(1550))
            #expect(loop.display.glassPicture() != playing, "the animation moves on glass")
            loop.run(until: .milliseconds(4900))

            // Each of its frames past the first (the rendered banner) came on glass once, none late.
            #expect(shown.streamCounts.shown == 29 && shown.streamCounts.late == 0, "\(shown.streamCounts)")
            // A frame drawn when a frame of the animation changes, not at every step; none once it has ended.
            let whilePlaying = loop.frames.filter { $0.time > .milliseconds(50) && $0.time < .milliseconds(3000) }
            #expect((29...31).contains(whilePlaying.count), "\(whilePlaying.count) frames drawn while it played")
            #expect(!loop.frames.contains { $0.time > .milliseconds(3100) }, "frames drawn at rest")
            #expect(loop.placeholderFrames == 0)

            // What the loop left on glass, drawn frame by frame with only the changes, is the whole frame.
            let whole = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
            shown.draw(loop.scheduler.carousel.visibleViews(), into: whole.buffer)
            #expect(loop.display.glassPicture() == whole.buffer.snapshot().opaque, "glass")
        }
    }
}
