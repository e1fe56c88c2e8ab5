import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import Foundation
import FrameLoopTesting
import GlyphText
import ImageDecoding
import Raster
import Testing
import ThreadSanitizerRun

/// A GIF made by ffmpeg, played by the presenter at rest as the loop plays it: the frames on glass follow the
/// animation's frames at their times, composed while it plays, and panned again once it has stopped.
@Suite struct AnimatedBannerPresenterTests {
    /// Four frames of ffmpeg's test picture at 10 fps (each different: its counter and its moving gradient), 64x48,
    /// or as many as `seconds` holds; `loop` as ffmpeg's GIF muxer takes it (0: for ever, -1: once).
    static func withGIF<T>(loop: Int, seconds: Double = 0.4, _ body: (String) throws -> T) throws -> T {
        try withFile(
            "moving.gif",
            made: ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=\(seconds)", "-loop", "\(loop)"],
            body)
    }

    /// A file called `name` made by ffmpeg with `arguments` (its output's path after them), in a directory removed
    /// after `body`.
    static func withFile<T>(_ name: String, made arguments: [String], _ body: (String) throws -> T) throws -> T {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("bannerd-anim-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let path = directory.appendingPathComponent(name).path
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error"] + arguments + [path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        #expect(ffmpeg.terminationStatus == 0)
        return try body(path)
    }

    /// The carousel at rest on an animated banner, a frame shown at each of `times` (ms) as the loop shows it:
    /// animations advanced, strips prepared (composed at once), then panned or composed. A banner keeps `budget`
    /// bytes of frames.
    static func play(loop: Int, at times: [Int], budget: Int = AnimationBudget.bytesPerBanner) throws -> (
        glass: [Bitmap], panned: [Int], presenter: CarouselPresenter
    ) {
        try withGIF(loop: loop) { path in
            let banners = BannerList(
                [Banner(id: "moving", artwork: .file(path: path))] + CarouselPresenterTests.banners(2))
            return try play(banners, at: times, budget: budget)
        }
    }

    private static func play(_ banners: BannerList, at times: [Int], budget: Int) throws -> (
        glass: [Bitmap], panned: [Int], presenter: CarouselPresenter
    ) {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: .none, background: .black,
            rendering: .inline(try CarouselPresenterTests.renderer()), animationBudget: budget)
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: PixelSize(width: 320, height: 200))
        display.panMethod = .framebufferOffset
        let panner = StripPanner(device: display, layout: layout, rotation: .none, background: .black)
        let carousel = Carousel(layout: layout, count: banners.count)
        var glass: [Bitmap] = []
        var panned: [Int] = []
        for time in times.map({ Duration.milliseconds($0) }) {
            clock.advance(to: time)
            _ = presenter.advanceAnimations(carousel, at: time)
            presenter.focus(on: carousel)
            panner.prepare(carousel, presenter: presenter) { job in
                job.run()
                panner.composed(job)
            }
            let before = panner.framesPanned
            if try panner.present(carousel, presenter: presenter) == nil {
                presenter.drawChanges(carousel.visibleViews(), into: try #require(display.backBuffer))
                _ = try display.present()
            }
            if panner.framesPanned > before { panned.append(glass.count) }
            clock.advance(to: time + .milliseconds(1))  // the flip completes
            _ = try display.handleReadable()
            glass.append(display.glassPicture())
        }
        return (glass, panned, presenter)
    }

    /// Whether no two of `glass[range]` are the same (indices in, so that a failure prints no bitmap).
    static func allDiffer(_ glass: [Bitmap], _ range: ClosedRange<Int>) -> Bool {
        range.allSatisfy { i in range.allSatisfy { j in i == j || glass[i] != glass[j] } }
    }

    /// Which of `glass` are the same picture as the first of them: their indices (a bitmap is too long to print).
    static func sameAs(_ glass: [Bitmap], _ index: Int) -> [Int] {
        glass.indices.filter { glass[$0] == glass[index] }
    }

    @Test func theAnimationOnGlassFollowsItsFramesAndLoops() throws {
        // Rendered at 0; it begins at 10 ms (the first step that finds it rendered); frames at 110, 210, 310, 410.
        let (glass, panned, presenter) = try Self.play(loop: 0, at: [0, 10, 60, 110, 210, 310, 410])
        #expect(Self.sameAs(glass, 0) == [0, 1, 2, 6], "the first frame, again when the loop begins again")
        let allDiffer = Self.allDiffer(glass, 2...5)
        #expect(allDiffer, "four different frames")
        // Panned at first; composed from the moment it played (a strip would be out of date at its next frame).
        #expect(panned == [0])
        #expect(presenter.isAnimating && presenter.nextAnimationFrame == .milliseconds(510))
    }

    @Test func anAnimationPlayedOnceEndsOnItsLastFrameAndPansAgain() throws {
        let (glass, panned, presenter) = try Self.play(loop: -1, at: [0, 10, 110, 210, 310, 410, 900])
        let allDiffer = Self.allDiffer(glass, 1...4)
        #expect(allDiffer)
        #expect(Self.sameAs(glass, 4) == [4, 5, 6], "its last frame stays")
        #expect(!presenter.isAnimating && presenter.nextAnimationFrame == nil)
        // Panned again from its last frame on (310 ms), composed while it played.
        #expect(panned == [0, 4, 5, 6])
    }

    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func anAnimationOverItsBudgetKeepsItsFirstFrameToStreamTheRest() throws {
        let renderer = try CarouselPresenterTests.renderer()
        func target(budget: Int) -> PrerenderTarget {
            PrerenderTarget(
                width: 512, height: 512, scale: 1, cornerRadius: 8, rotation: .none, background: .black,
                animationBudget: budget)
        }
        let (kept, over) = try Self.withGIF(loop: 0) { path in
            let banner = Banner(id: "big", artwork: .file(path: path))
            // 1 MiB a frame: four fit in 4 MiB, not in 3.
            return (
                BannerPicture.render(banner, with: renderer, for: target(budget: 4 << 20)),
                BannerPicture.render(banner, with: renderer, for: target(budget: 3 << 20))
            )
        }
        #expect(kept.picture.sprites.count == 4 && kept.picture.timeline?.frameCount == 4 && kept.problems.isEmpty)
        #expect(!kept.picture.isStreamed)
        #expect(over.picture.isStreamed && over.picture.sprites.count == 1 && over.problems.isEmpty)
        #expect(over.picture.timeline == kept.picture.timeline)
    }

    /// Streamed, an animation shows on glass what it shows kept: the same picture at every moment.
    @Test func aStreamedAnimationShowsWhatAKeptOneShows() throws {
        let times = [0, 10, 60, 110, 210, 310, 410, 520, 900]
        let kept = try Self.play(loop: 0, at: times)
        let streamed = try Self.play(loop: 0, at: times, budget: 1)
        let differing = times.indices.filter { kept.glass[$0] != streamed.glass[$0] }
        #expect(differing.isEmpty, "pictures that differ, at \(differing.map { times[$0] }) ms")
        #expect(streamed.presenter.streamCounts.late == 0)
    }

    /// The animation at `path` streamed (a budget of one byte), rendered inline as `bannerd render` does, in the
    /// centre of a 320x200 carousel beside two still banners; with the decoder counting its frames.
    static func streaming(_ path: String) throws -> (CarouselPresenter, Carousel, CountingFrames) {
        let images = CountingFrames()
        let fonts = try FontSet()
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let banners = BannerList([Banner(id: "long", artwork: .file(path: path))] + CarouselPresenterTests.banners(2))
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: .none, background: .black,
            rendering: .inline(BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: images)),
            animationBudget: 1)
        let carousel = Carousel(layout: layout, count: banners.count)
        presenter.focus(on: carousel)
        return (presenter, carousel, images)
    }

    /// Rendered inline (`bannerd render`), a streamed animation decodes each of its frames once as it plays, at
    /// every 60 Hz step: the work grows with the seconds played, not with their square (the frame shown was drawn
    /// again at each step, its file decoded from the start).
    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func aStreamedAnimationRenderedInlineDecodesEachFrameOnce() throws {
        // 30 frames at 10 fps, played once.
        try Self.withGIF(loop: -1, seconds: 3) { path in
            let (presenter, carousel, images) = try Self.streaming(path)
            let rendered = images.decoded
            // 3.5 s at 60 Hz: every frame is shown.
            for step in 0...210 { _ = presenter.advanceAnimations(carousel, at: FramePacer.step * step) }
            #expect(presenter.streamCounts.shown == 29 && presenter.streamCounts.late == 0)
            // Each of the 29 frames past the first decoded once, and the first once more to reach them.
            #expect(images.decoded - rendered == 30, "frames decoded while playing")
        }
    }

    /// A streamed animation whose file is cut short after it was rendered (rewritten in place while it plays) plays
    /// the frames still there, then stops, and says so in one line naming the file and the frame.
    @Test func aStreamCutShortSaysWhereItStopped() throws {
        try Self.withGIF(loop: -1, seconds: 3) { path in
            let (presenter, carousel, _) = try Self.streaming(path)
            #expect(presenter.takeProblems().isEmpty)
            // Half the file is left: its first frames, and one cut through.
            let bytes = try Data(contentsOf: URL(fileURLWithPath: path))
            try bytes.prefix(bytes.count / 2).write(to: URL(fileURLWithPath: path))
            for step in 0...210 { _ = presenter.advanceAnimations(carousel, at: FramePacer.step * step) }
            let shown = presenter.streamCounts.shown
            #expect(shown > 5 && shown < 29, "\(shown) frames shown")
            let lines = presenter.takeProblems()
            #expect(lines.count == 1, "\(lines)")
            #expect(lines.first?.hasPrefix(path + ": frame ") == true, "\(lines)")
            #expect(lines.first?.hasSuffix("frame(s) before it play") == true, "\(lines)")
        }
    }

    /// At rest an animation's next frame writes its banner's rectangle and nothing else: the rest of the buffer,
    /// painted over here, is left as it was; what is written is the frame drawn whole. A frame that moves is
    /// written whole.
    @Test(arguments: [Rotation.none, .clockwise90])
    func atRestTheNextFrameWritesOnlyItsBanner(rotation: Rotation) throws {
        try Self.withGIF(loop: 0) { path in
            let banners = BannerList(
                [Banner(id: "moving", artwork: .file(path: path))] + CarouselPresenterTests.banners(2))
            let scanout = PixelSize(width: 320, height: 200)
            let logical = rotation.logicalSize(forScanout: scanout)
            let layout = try CarouselLayout(widthPixels: logical.width, heightPixels: logical.height, scale: 1)
            let presenter = CarouselPresenter(
                banners: banners, layout: layout, rotation: rotation, background: .black,
                rendering: .inline(try CarouselPresenterTests.renderer()))
            var carousel = Carousel(layout: layout, count: banners.count)
            let buffers = (0..<2).map { _ in
                PixelBufferStorage(width: scanout.width, height: scanout.height, format: .xrgb8888)
            }
            let whole = PixelBufferStorage(width: scanout.width, height: scanout.height, format: .xrgb8888)
            // Two frames, one into each buffer, as a display's two buffers take them; the animation begins.
            presenter.focus(on: carousel)
            for (n, buffer) in buffers.enumerated() {
                _ = presenter.advanceAnimations(carousel, at: .milliseconds(n))
                presenter.drawChanges(carousel.visibleViews(), into: buffer.buffer)
            }
            let painted = Color(rgb: 0xFF00FF)
            buffers[0].buffer.fill(painted)
            #expect(presenter.advanceAnimations(carousel, at: .milliseconds(150)) == .frame)
            presenter.drawChanges(carousel.visibleViews(), into: buffers[0].buffer)
            presenter.draw(carousel.visibleViews(), into: whole.buffer)
            let banner = rotation.targetRect(
                PixelRect(
                    x: layout.insetPixels, y: layout.topInsetPixels, width: layout.bannerWidthPixels,
                    height: layout.bannerHeightPixels),
                logicalWidth: logical.width, logicalHeight: logical.height)
            let written = buffers[0].buffer.snapshot()
            let expected = whole.buffer.snapshot()
            var inside = 0
            var outside = 0
            for y in 0..<scanout.height {
                for x in 0..<scanout.width {
                    let isInside = (banner.x..<banner.maxX).contains(x) && (banner.y..<banner.maxY).contains(y)
                    if isInside, written[x, y] != expected[x, y] { inside += 1 }
                    if !isInside, written.color(x: x, y: y) != painted { outside += 1 }
                }
            }
            #expect(inside == 0, "pixels of the banner unlike the frame drawn whole")
            #expect(outside == 0, "pixels written outside the banner")
            // A key slides the carousel: its frames are written whole, the second as the first (the same banners on
            // screen, moved).
            carousel.handle(.key(.right, time: .milliseconds(200)))
            carousel.advance(to: .milliseconds(300))
            presenter.drawChanges(carousel.visibleViews(), into: buffers[1].buffer)
            carousel.advance(to: .milliseconds(317))
            buffers[1].buffer.fill(painted)
            presenter.drawChanges(carousel.visibleViews(), into: buffers[1].buffer)
            presenter.draw(carousel.visibleViews(), into: whole.buffer)
            #expect(buffers[1].buffer.snapshot() == whole.buffer.snapshot())
        }
    }
}

/// The real decoder, counting the frames its animations decode.
final class CountingFrames: ImageLoading {
    private let decoder = ImageDecoder()
    private(set) var decoded = 0

    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> DecodedImage {
        try decoder.loadImage(path: path, fitting: fitting)
    }

    func loadAnimation(path: String, fitting: (width: Int, height: Int)) throws -> (any AnimationDecoder)? {
        try decoder.loadAnimation(path: path, fitting: fitting).map { Counted($0, owner: self) }
    }

    func videoProbe(path: String) -> VideoProbe? { decoder.videoProbe(path: path) }

    private final class Counted: AnimationDecoder {
        let frames: any AnimationDecoder
        unowned let owner: CountingFrames
        init(_ frames: any AnimationDecoder, owner: CountingFrames) {
            self.frames = frames
            self.owner = owner
        }
        var width: Int { frames.width }
        var height: Int { frames.height }
        var plays: Int? { frames.plays }
        func nextFrame() throws(ImageError) -> AnimationFrame? {
            owner.decoded += 1
            return try frames.nextFrame()
        }
        func rewind() throws(ImageError) { try frames.rewind() }
        func recycle(_ bitmap: consuming Bitmap) { frames.recycle(bitmap) }
    }
}
