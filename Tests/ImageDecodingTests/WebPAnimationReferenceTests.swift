import Foundation
import Raster
import Testing

@testable import ImageDecoding

/// Animated WebPs as ffmpeg's libwebp_anim encoder writes them (libwebp's WebPAnimEncoder: after the first, each
/// frame only the rectangle that changed, blended over the last or not), lossless, played frame by frame and
/// compared with the source ffmpeg drew them from: every pixel of every frame, every duration, the loop count.
@Suite struct WebPAnimationReferenceTests {
    /// ffmpeg's test card; the same with alpha that stays (transparent at the left, translucent in the lower half:
    /// frames blended over the last); and with alpha that changes every frame.
    static let sources = [
        "testsrc=size=48x32:rate=8:duration=2",
        "testsrc=size=48x32:rate=8:duration=2,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)'"
            + ":a='if(lt(X,8),0,if(lt(Y,16),255,96+X))'",
        "testsrc=size=40x30:rate=8:duration=1,format=rgba,geq=r='r(X,Y)':g='g(X,Y)':b='b(X,Y)'"
            + ":a='if(lt(X,8),0,min(255,X*5+N*9))'",
    ]

    /// The source encoded by libwebp_anim, lossless, fed as BGRA so that no conversion to YUV comes between.
    static func encode(_ source: String, loop: Int, to webp: String) throws {
        try FFmpeg.run(
            FFmpeg.ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", source, "-pix_fmt", "bgra", "-c:v", "libwebp_anim", "-lossless",
                "1", "-loop", "\(loop)", webp,
            ])
    }

    /// libwebp's premultiplication, which truncates: `x * a / 255` rounded down (`ApplyAlphaMultiply`).
    static func premultiplied(_ rgba: ArraySlice<UInt8>) -> UInt32 {
        let base = rgba.startIndex
        let a = UInt32(rgba[base + 3])
        let (r, g, b) = (
            UInt32(rgba[base]) * a / 255, UInt32(rgba[base + 1]) * a / 255, UInt32(rgba[base + 2]) * a / 255
        )
        return a << 24 | r << 16 | g << 8 | b
    }

    @Test(arguments: sources)
    func everyFrameIsTheSourcePixelForPixel(source: String) throws {
        let directory = try FFmpeg.scratch("webp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let webp = directory.appendingPathComponent("made.webp").path
        try Self.encode(source, loop: 0, to: webp)
        let reference = try FFmpeg.run(
            FFmpeg.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", source, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])

        let animation = try #require(try ImageDecoder().animation(path: webp))
        #expect(animation.plays == nil, "-loop 0: for ever")
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        let size = animation.width * animation.height * 4
        #expect(frames.count == reference.count / size && frames.count >= 8)
        let bytes = [UInt8](reference)
        for (n, frame) in frames.enumerated() where (n + 1) * size <= bytes.count {
            let expected = stride(from: n * size, to: (n + 1) * size, by: 4).map {
                Self.premultiplied(bytes[$0..<$0 + 4])
            }
            let differing = zip(frame.bitmap.pixels, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n) of \(source): \(differing) pixels differ from the source")
        }
        // 8 frames a second: each ends 125 ms after the one before.
        #expect(frames.allSatisfy { $0.duration == .milliseconds(125) }, "\(frames.map(\.duration))")
    }

    /// The WebP container's loop count is how many times the animation plays (0: for ever), not GIF's plays after
    /// the first: libwebp's gif2webp writes a GIF's count plus one, and its anim_util reads it as the total.
    @Test(arguments: [(1, 1), (3, 3)] as [(Int, Int?)])
    func theLoopCountIsHowManyTimesItPlays(loop: Int, plays: Int?) throws {
        let directory = try FFmpeg.scratch("webp")
        defer { try? FileManager.default.removeItem(at: directory) }
        let webp = directory.appendingPathComponent("loop.webp").path
        try Self.encode("testsrc=size=16x16:rate=4:duration=1", loop: loop, to: webp)
        #expect(try ImageDecoder().animation(path: webp)?.plays == plays)
    }
}
