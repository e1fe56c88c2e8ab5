import Raster
import Testing

@testable import ImageDecoding

/// Every decoder honours `fitting`: an animated GIF's or WebP's frames, composed on the file's canvas, come scaled to
/// fill the banner, pixel for pixel what scaling each frame of the file at its own size gives (what the renderer did
/// with them before), and at the file's own size without `fitting`.
@Suite struct FittedAnimationTests {
    static func play(_ path: String, fitting: (width: Int, height: Int)?) throws -> [AnimationFrame] {
        try WebPAnimationTests.play(#require(try ImageDecoder().animation(path: path, fitting: fitting)))
    }

    static func expectFitted(_ path: String, canvas: (width: Int, height: Int)) throws {
        let own = try Self.play(path, fitting: nil)
        #expect(own.allSatisfy { ($0.bitmap.width, $0.bitmap.height) == canvas })
        for fitting in [(width: 96, height: 40), (width: 20, height: 30), canvas] {
            let animation = try #require(try ImageDecoder().animation(path: path, fitting: fitting))
            #expect((animation.width, animation.height) == fitting)
            let fitted = try WebPAnimationTests.play(animation)
            #expect(fitted.map(\.duration) == own.map(\.duration))
            #expect(
                fitted.map(\.bitmap)
                    == own.map { $0.bitmap.scaledToFill(width: fitting.width, height: fitting.height) },
                "\(path) fitting \(fitting)")
            try animation.rewind()
            #expect(try WebPAnimationTests.play(animation) == fitted, "rewound, the same frames again")
        }
    }

    @Test func aGIFsFramesComeAtTheBannersSize() throws {
        let gif = HandMadeGIF(
            width: 8, height: 6, colors: GIFDecodingTests.colors, loops: 0,
            frames: [GIFDecodingTests.solid(8, 6, 1), GIFDecodingTests.solid(4, 3, 2, disposal: 2)])
        try Self.expectFitted(TestImages.file(gif.bytes, name: "two.gif"), canvas: (8, 6))
    }

    @Test func anAnimatedWebPsFramesComeAtTheBannersSize() throws {
        try Self.expectFitted(TestImages.file(WebPAnimationTests.fixture(), name: "a.webp"), canvas: (48, 32))
    }
}
