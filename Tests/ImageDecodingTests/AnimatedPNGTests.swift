import Foundation
import Raster
import Testing

@testable import ImageDecoding

/// An animated PNG, as ffmpeg's APNG muxer writes it: Debian's libpng does not play APNG, so it shows its first
/// frame (its default image) and says so, and a plain PNG says nothing.
@Suite struct AnimatedPNGTests {
    @Test func anAnimatedPNGShowsItsFirstFrameAndSaysSo() throws {
        let directory = try FFmpeg.scratch("apng")
        defer { try? FileManager.default.removeItem(at: directory) }
        let animated = directory.appendingPathComponent("moving.png").path
        let still = directory.appendingPathComponent("still.png").path
        let source = "testsrc=size=48x32:rate=5:duration=0.6"
        try FFmpeg.run(
            FFmpeg.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", source, "-f", "apng", "-plays", "0", animated])
        try FFmpeg.run(FFmpeg.ffmpeg, ["-v", "error", "-f", "lavfi", "-i", source, "-frames:v", "1", still])
        let first = try FFmpeg.run(
            FFmpeg.ffmpeg, ["-v", "error", "-i", still, "-f", "rawvideo", "-pix_fmt", "rgba", "-"])
        for fitting in [nil, (width: 16, height: 10)] as [(width: Int, height: Int)?] {
            let decoded = try ImageDecoder().decodeImage(path: animated, fitting: fitting)
            #expect(decoded.note == PNGCodec.animatedNote)
            #expect(try ImageDecoder().decodeImage(path: still, fitting: fitting).note == nil)
            let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: animated)))
            #expect(try ImageDecoder().decodeImage(bytes: bytes, path: animated).note == PNGCodec.animatedNote)
            guard fitting == nil else { continue }
            // The first frame, pixel for pixel: the still ffmpeg drew of the same source.
            let rgba = [UInt8](first)
            let expected = (0..<48 * 32).map { (i: Int) -> UInt32 in
                let red = UInt32(rgba[i * 4]) << 16
                let green = UInt32(rgba[i * 4 + 1]) << 8
                return 0xFF00_0000 | red | green | UInt32(rgba[i * 4 + 2])
            }
            #expect(decoded.bitmap.pixels == expected)
        }
    }
}
