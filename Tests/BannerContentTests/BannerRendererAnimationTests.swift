import ImageDecoding
import Testing

@testable import BannerContent
@testable import Raster

/// An animated banner drawn frame by frame: each frame the whole banner (artwork frame, scrim, text, corners).
@Suite struct BannerRendererAnimationTests {
    static let colours: [UInt32] = [0xFF0000, 0x00FF00, 0x0000FF, 0xFFFF00]

    /// Solid frames of `colours`, 100 ms each but the last (300 ms).
    static func frames(_ count: Int) -> [AnimationFrame] {
        (0..<count).map { n in
            AnimationFrame(
                bitmap: Bitmap(width: 40, height: 20, color: Color(rgb: colours[n])),
                duration: .milliseconds(n == count - 1 ? 300 : 100))
        }
    }

    static let banner = Banner(id: "moving", title: "Hello", artwork: .file(path: "moving.gif"))

    func draw(
        _ images: FakeImages, banner: Banner = Self.banner, keeping limit: Int = .max
    ) throws -> (RenderedAnimation?, [Bitmap]) {
        let renderer = try BannerRendererTests().renderer(images)
        var drawn: [Bitmap] = []
        let animation = renderer.renderAnimation(banner, width: 160, height: 200, scale: 1) { bitmap in
            guard drawn.count < limit else { return false }
            drawn.append(bitmap)
            return true
        }
        return (animation, drawn)
    }

    @Test func eachFrameIsTheWholeBannerOverThatFrameOfTheArtwork() throws {
        let images = FakeImages(nil)
        images.animation = (Self.frames(4), 3, nil)
        let (animation, drawn) = try draw(images)
        let played = try #require(animation)
        #expect(drawn.count == 4 && played.drawn == 4 && played.plays == 3 && played.problems.isEmpty)
        #expect(played.durations == [100, 100, 100, 300].map { Duration.milliseconds($0) })
        for (n, bitmap) in drawn.enumerated() {
            // Pixel for pixel the banner drawn as a still over that frame: text, scrim and corners on every one.
            let still = try BannerRendererTests().renderer(FakeImages(Self.frames(4)[n].bitmap)).render(
                Self.banner, width: 160, height: 200, scale: 1)
            #expect(bitmap == still.bitmap, "frame \(n)")
            #expect(bitmap.color(x: 80, y: 190) == Color(rgb: Self.colours[n]), "frame \(n)")
        }
        #expect(BannerRendererTests.whiteBounds(drawn[3]) != nil)
    }

    @Test func aStillOrNoAnimationIsLeftToRender() throws {
        let one = FakeImages(nil)
        one.animation = (Self.frames(1), nil, nil)
        #expect(try draw(one).0 == nil)
        #expect(try draw(FakeImages(nil)).0 == nil)
        let pattern = Banner(id: "p", artwork: .pattern(.stripes(.white, .black, widthPoints: 8)))
        let images = FakeImages(nil)
        images.animation = (Self.frames(3), nil, nil)
        #expect(try draw(images, banner: pattern).0 == nil)
    }

    @Test func aFrameThatCannotBeDecodedEndsTheAnimationWithTheFramesBeforeIt() throws {
        let images = FakeImages(nil)
        images.animation = (Self.frames(4), nil, 3)
        let (animation, drawn) = try draw(images)
        let played = try #require(animation)
        #expect(drawn.count == 3 && played.durations.count == 3 && played.drawn == 3)
        #expect(played.problems.count == 1)
        #expect(played.problems.first?.hasPrefix("moving.gif: ") == true)
        #expect(played.problems.first?.hasSuffix("; the 3 frame(s) before it play") == true)
        // Failing at the second frame: the first alone (a still), and the same line.
        images.animation = (Self.frames(4), nil, 1)
        let (alone, first) = try draw(images)
        #expect(first.count == 1 && alone?.durations.count == 1)
        #expect(alone?.problems.first?.hasSuffix("; the 1 frame(s) before it play") == true)
    }

    @Test func theCallerStopsTheDrawingAndTheRestIsStillTimed() throws {
        let images = FakeImages(nil)
        images.animation = (Self.frames(4), nil, nil)
        let (animation, drawn) = try draw(images, keeping: 2)
        #expect(animation?.drawn == 2 && drawn.count == 2)
        #expect(animation?.durations == [100, 100, 100, 300].map { Duration.milliseconds($0) })
    }
}
