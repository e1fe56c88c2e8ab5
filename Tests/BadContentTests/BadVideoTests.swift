import BannerContent
import Foundation
import Testing

/// Bad videos next to a good banner, as `BadContentTests` does for images: each one line naming the file, FFmpeg's
/// call and its reason; the good banner stays on screen. The videos are made by ffmpeg in each test.
@Suite struct BadVideoTests {
    /// ffmpeg's `arguments` (input and encoder) writing `name` into the scene's directory.
    static func make(_ scene: ContentScene, _ name: String, _ arguments: [String]) throws {
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-y"] + arguments + [scene.path(name)]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        #expect(ffmpeg.terminationStatus == 0, "ffmpeg \(arguments)")
    }

    static let card = ["-f", "lavfi", "-i", "testsrc=size=64x48:rate=10:duration=1"]

    @Test func aVideoCutShortLosesItsIndex() throws {
        let scene = try ContentScene()
        try Self.make(scene, "whole.mp4", Self.card + ["-c:v", "libx264", "-pix_fmt", "yuv420p"])
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scene.path("whole.mp4"))))
        try FileManager.default.removeItem(atPath: scene.path("whole.mp4"))
        try scene.write("cut.mp4", Array(bytes.prefix(bytes.count / 2)))
        expectOneLine(try scene.play(), naming: scene.path("cut.mp4"), saying: "(avformat_open_input: ")
    }

    @Test func aCodecNotPlayedIsNamed() throws {
        let scene = try ContentScene()
        try Self.make(scene, "old.mp4", Self.card + ["-c:v", "mpeg4"])
        expectOneLine(
            try scene.play(), naming: scene.path("old.mp4"),
            saying: "video codec not played; re-encode it as H.264, HEVC, VP8, VP9 or AV1 (avcodec_find_decoder: mpeg4)"
        )
    }

    @Test func soundWithoutPictureIsNamed() throws {
        let scene = try ContentScene()
        try Self.make(scene, "sound.mkv", ["-f", "lavfi", "-i", "sine=duration=0.5", "-c:a", "flac"])
        expectOneLine(
            try scene.play(), naming: scene.path("sound.mkv"), saying: "(av_find_best_stream: no video stream)")
    }

    @Test func corruptPicturesAfterTheFirstPlayWhatDecodes() throws {
        let scene = try ContentScene()
        try Self.make(scene, "whole.webm", Self.card + ["-c:v", "libvpx-vp9", "-deadline", "realtime", "-g", "5"])
        var bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: scene.path("whole.webm"))))
        try FileManager.default.removeItem(atPath: scene.path("whole.webm"))
        // The second half's packet data scrambled, the container's structure left: the first frames decode.
        for i in stride(from: bytes.count / 2, to: bytes.count - 64, by: 7) { bytes[i] ^= 0x5A }
        try scene.write("scrambled.webm", bytes)
        let outcome = try scene.play()
        #expect(outcome.lines.count <= 1, "\(outcome.lines)")
        #expect(outcome.lines.allSatisfy { $0.contains(scene.path("scrambled.webm")) })
        #expect(outcome.showsGoodBanner)
        // Shown (its first frame, not the banner's plain background) or named: never dropped without a word.
        let index = try #require((0..<outcome.banners.count).first { outcome.banners[$0].id == "scrambled" })
        let shown = outcome.centres[index] != Banner.defaultBackground.rgb
        #expect(shown || outcome.lines.count == 1, "neither shown nor named: \(outcome.centres[index])")
    }
}
