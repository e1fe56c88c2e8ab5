import Foundation
import Raster
import Testing

@testable import ImageDecoding

/// Animated GIFs as ffmpeg's encoder writes them (each frame only the rectangle that changed, with the pixels that
/// did not change transparent over the last frame), played frame by frame and compared with ffmpeg's own GIF
/// decoder, which nobody here wrote and which does not use giflib: every pixel of every frame, and every delay.
@Suite struct GIFReferenceTests {
    @Test(arguments: ["testsrc=size=48x32:rate=8:duration=2", "testsrc2=size=40x30:rate=25:duration=1"])
    func everyFrameAndDelayMatchFFmpegsDecoder(source: String) throws {
        let directory = try FFmpeg.scratch("gif")
        defer { try? FileManager.default.removeItem(at: directory) }
        let gif = directory.appendingPathComponent("made.gif").path
        try FFmpeg.run(
            FFmpeg.ffmpeg,
            [
                "-v", "error", "-f", "lavfi", "-i", source, "-filter_complex",
                "split[a][b];[a]palettegen=reserve_transparent=1[p];[b][p]paletteuse", "-loop", "0", gif,
            ])
        let reference = try FFmpeg.run(
            FFmpeg.ffmpeg,
            ["-v", "error", "-i", gif, "-f", "rawvideo", "-pix_fmt", "rgba", "-fps_mode", "passthrough", "-"])
        let times = try FFmpeg.run(
            FFmpeg.ffprobe,
            ["-v", "error", "-show_entries", "frame=best_effort_timestamp_time", "-of", "csv=p=0", gif])
        let starts = String(decoding: times, as: UTF8.self).split(separator: "\n").compactMap { Double($0) }

        let animation = try #require(try ImageDecoder().animation(path: gif))
        #expect(animation.plays == nil)
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        let size = animation.width * animation.height * 4
        #expect(frames.count == reference.count / size && frames.count == starts.count && frames.count > 5)
        for (n, frame) in frames.enumerated() where (n + 1) * size <= reference.count {
            let rgba = [UInt8](reference[n * size..<(n + 1) * size])
            let expected = (0..<animation.width * animation.height).map { i -> UInt32 in
                guard rgba[i * 4 + 3] != 0 else { return 0 }
                return 0xFF00_0000 | UInt32(rgba[i * 4]) << 16 | UInt32(rgba[i * 4 + 1]) << 8 | UInt32(rgba[i * 4 + 2])
            }
            let differing = zip(frame.bitmap.pixels, expected).filter { $0 != $1 }.count
            #expect(differing == 0, "frame \(n) of \(source): \(differing) pixels differ from ffmpeg's")
        }
        for (n, pair) in zip(starts, starts.dropFirst()).enumerated() {
            let delay = Duration.milliseconds(Int(((pair.1 - pair.0) * 1000).rounded()))
            #expect(frames[n].duration == delay, "frame \(n) of \(source)")
        }
    }
}
