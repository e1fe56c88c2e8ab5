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
        // Frame 0 is the banner as rendered, on the primary plane; frame 1 was asked for as a sprite before the planes
        // were given (at the first frame drawn), and came composed; every other frame came on the planes.
        #expect(onPlanes == times.filter { $0 % 600 != 0 && $0 != 100 }, "\(onPlanes)")
        #expect(failure == nil)
    }
}
