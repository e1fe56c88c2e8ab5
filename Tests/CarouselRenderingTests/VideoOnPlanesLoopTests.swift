import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import FrameLoopTesting
import Raster
import Testing
import ThreadSanitizerRun

/// Issue 45: a video banner played on a pair of overlay planes through the loop of `bannerd run` (`LoopHarness`, the
/// presenter rendering inline, `FakeDisplay` blending the planes as vkms does). Every picture on glass equals the
/// one the composed path shows for the same carousel (a second loop, the same banners, no planes): at rest, during
/// a slide, held by a finger mid-swipe, as a neighbour's ear clipped by the screen's edge, and when another video
/// takes the planes. While a video plays at rest, each of its frames is a flip of the planes alone: no frame drawn,
/// no pixel of the primary plane written.
@Suite(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
struct VideoOnPlanesLoopTests {
    /// The planes `VideoPlanes` would choose on vkms: the picture's, and the layer's above it.
    static let (pictureID, layerID): (UInt32, UInt32) = (40, 41)

    /// A 3 s H.264 video of ffmpeg's test card at 10 fps (30 frames), in a directory removed after `body`.
    static func withVideo<T>(_ body: (String) throws -> T) throws -> T {
        try AnimatedBannerPresenterTests.withFile(
            "card.mp4",
            made: [
                "-f", "lavfi", "-i", "testsrc=size=96x64:rate=10:duration=3", "-c:v", "libx264", "-pix_fmt", "yuv420p",
            ],
            body)
    }

    /// The banners: `videos` video banners with a title and subtitle (their layer), then two stills.
    static func banners(videos: Int, path: String) -> BannerList {
        BannerList(
            (0..<videos).map {
                Banner(id: "video\($0)", title: "Video \($0)", subtitle: "on a plane", artwork: .file(path: path))
            } + (0..<2).map { Banner(id: "still\($0)", title: "Still \($0)", background: Color(rgb: 0x304050)) })
    }

    /// A loop showing `banners`, its videos streamed (over the animation budget), on the planes when `planes`.
    static func loop(_ banners: BannerList, planes: Bool, autoplay: Duration?) throws -> (
        loop: LoopHarness, presenter: CarouselPresenter
    ) {
        let made = try StreamedBannerLoopTests.loop(banners, autoplay: autoplay)
        if planes { made.presenter.playVideos(onPlanes: pictureID, layer: layerID, of: made.loop.display) }
        return made
    }

    /// Runs both loops to each of `times` and compares what is on glass; returns the times where the planes showed
    /// a video.
    @discardableResult
    static func compare(_ onPlanes: inout LoopHarness, _ composed: inout LoopHarness, at times: [Duration])
        -> [Duration]
    {
        var planesOn: [Duration] = []
        for time in times {
            onPlanes.run(until: time)
            composed.run(until: time)
            let (a, b) = (onPlanes.display.glassPicture(), composed.display.glassPicture())
            var differing = 0
            for y in 0..<a.height { for x in 0..<a.width where a[x, y] != b[x, y] { differing += 1 } }
            #expect(differing == 0, "pixels differ at \(time)")
            if onPlanes.display.glassOverlays.contains(where: { $0.buffer != nil }) { planesOn.append(time) }
        }
        return planesOn
    }

    static func ms(_ n: Int) -> Duration { .milliseconds(n) }

    @Test func atRestEachFrameIsAFlipOfThePlanesAloneAndGlassIsTheComposedPicture() throws {
        try Self.withVideo { path in
            let banners = Self.banners(videos: 1, path: path)
            var (planes, presenter) = try Self.loop(banners, planes: true, autoplay: nil)
            var (composed, _) = try Self.loop(banners, planes: false, autoplay: nil)
            planes.run(until: Self.ms(50))
            planes.display.startCountingWrites()
            let drawnBefore = planes.frames.count
            let on = Self.compare(&planes, &composed, at: [120, 450, 1050, 1990, 2950].map(Self.ms))
            #expect(on.count == 5, "the planes showed the video at \(on)")
            #expect(planes.frames.count == drawnBefore, "frames drawn while it played")
            #expect(planes.display.takeWrites(in: .buffers) == DisplayWrites(), "primary plane written")
            // Each frame past the first (the banner as rendered, on the primary plane) came on glass once, none late.
            #expect(presenter.streamCounts.shown == 29 && presenter.streamCounts.late == 0, "\(presenter.streamCounts)")
            #expect((29...30).contains(planes.scheduler.statistics.overlayFlips), "\(planes.scheduler.statistics)")
            #expect(presenter.videoPlanesFailure == nil)
            // A screenshot: the frame composed again, the planes laid over it as bannerd composes, is what is on glass.
            let shot = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
            let frame = presenter.lastFrame
            FrameComposer(rotation: frame.rotation, format: frame.format).compose(
                background: frame.background, placements: frame.placements, into: shot.buffer)
            for (n, overlay) in planes.display.overlays.enumerated() { overlay.lay(over: shot.buffer, alpha: n > 0) }
            #expect(planes.display.overlays.count == 2)
            #expect(shot.buffer.snapshot().opaque == planes.display.glassPicture(), "the screenshot")
        }
    }

    @Test func theVideoMovesWithTheCarouselOnItsPlanesAndIsClippedAtTheScreensEdge() throws {
        try Self.withVideo { path in
            let banners = Self.banners(videos: 1, path: path)
            var (planes, _) = try Self.loop(banners, planes: true, autoplay: .seconds(1))
            var (composed, _) = try Self.loop(banners, planes: false, autoplay: .seconds(1))
            // Autoplay slides it away at 1 s: it holds its frame, moving, and stays as the left neighbour's ear.
            let sliding = [1010, 1040, 1080, 1150, 1300, 2000].map(Self.ms)
            #expect(Self.compare(&planes, &composed, at: sliding) == sliding, "on the planes throughout")
            let ear = planes.display.glassOverlays.first { $0.planeID == Self.pictureID }
            #expect((ear?.destination.x ?? -1) == 0 && (ear?.source.x ?? 0) > 0, "clipped at the left edge: \(ear)")
            // A finger drags it back and holds it mid-swipe: it plays again, under the finger.
            for loop in [0, 1] {
                let events: [InputEvent] =
                    [.touchDown(slot: 0, position: PixelPoint(x: 40, y: 100), millimetres: nil, time: Self.ms(2100))]
                    + (1...10).map {
                        .touchMotion(
                            slot: 0, position: PixelPoint(x: 40 + Double(12 * $0), y: 100), millimetres: nil,
                            time: Self.ms(2100 + 8 * $0))
                    }
                if loop == 0 { planes.events += events } else { composed.events += events }
            }
            let held = [2150, 2190, 2400, 2700].map(Self.ms)
            #expect(Self.compare(&planes, &composed, at: held) == held)
        }
    }

    @Test func anotherVideoTakesThePlanesAndTheFirstKeepsItsFrameOnThePrimaryPlane() throws {
        try Self.withVideo { path in
            let banners = Self.banners(videos: 2, path: path)
            var (planes, presenter) = try Self.loop(banners, planes: true, autoplay: .milliseconds(1500))
            var (composed, _) = try Self.loop(banners, planes: false, autoplay: .milliseconds(1500))
            // Video 0 plays, slides away at 1.5 s; video 1 plays from its arrival (about 1.8 s) on the planes, video
            // 0's ear holding its frame on the primary plane, until autoplay moves on at about 3.3 s.
            let times = [1000, 1600, 1800, 2000].map(Self.ms)
            Self.compare(&planes, &composed, at: times)
            planes.display.startCountingWrites()
            let drawnBefore = planes.frames.count
            #expect(Self.compare(&planes, &composed, at: [2400, 2800, 3200].map(Self.ms)).count == 3)
            #expect(planes.frames.count == drawnBefore && planes.display.takeWrites(in: .buffers) == DisplayWrites())
            #expect(planes.rests == [0, 1], "\(planes.rests)")
            #expect(presenter.videoPlanesFailure == nil)
        }
    }

    /// A driver that refuses a commit with the planes from 1 s on (as one short of bandwidth for them may): that frame
    /// fails, every video is composed from then on, and glass is the composed loop's picture again from the step
    /// after, the video going on from the frame the planes showed.
    @Test func aFrameWithThePlanesRefusedSendsTheVideoToTheComposedPath() throws {
        try Self.withVideo { path in
            let banners = Self.banners(videos: 1, path: path)
            var (planes, presenter) = try Self.loop(banners, planes: true, autoplay: nil)
            var (composed, _) = try Self.loop(banners, planes: false, autoplay: nil)
            #expect(Self.compare(&planes, &composed, at: [Self.ms(950)]).count == 1, "on the planes before")
            planes.display.refusesOverlays = true
            let after = [1050, 1120, 1550, 2950].map(Self.ms)
            #expect(Self.compare(&planes, &composed, at: after).isEmpty, "the planes stayed on")
            #expect(planes.presentFailures.count == 1, "\(planes.presentFailures)")
            #expect(planes.planesGivenUp == planes.presentFailures)
            #expect(!presenter.videosOnPlanes)
        }
    }
}
