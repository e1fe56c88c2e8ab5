import Foundation
import GlyphText
import ImageDecoding
import Testing

@testable import BannerContent

/// Videos in a content directory, made by ffmpeg's encoders: their banners last their length unless told otherwise,
/// `loop = true` plays them for ever, `check` says what each is and warns about what a Raspberry Pi cannot play,
/// and the renderer draws their frames from the container's timeline without decoding past what it keeps.
@Suite struct VideoContentTests {
    /// `source` (an ffmpeg lavfi graph) encoded with `encoder` into `path`.
    static func make(
        _ path: String, _ source: String, _ encoder: [String] = ["-c:v", "libx264", "-pix_fmt", "yuv420p"]
    )
        throws
    {
        let ffmpeg = Process()
        ffmpeg.executableURL = URL(fileURLWithPath: "/usr/bin/ffmpeg")
        ffmpeg.arguments = ["-v", "error", "-f", "lavfi", "-i", source] + encoder + [path]
        try ffmpeg.run()
        ffmpeg.waitUntilExit()
        #expect(ffmpeg.terminationStatus == 0, "ffmpeg \(source)")
    }

    /// A directory holding a 1.2 s H.264 clip (`clip.mp4`, 30 frames at 25 fps) and a still.
    static func directory() throws -> String {
        let dir = ContentLoaderTests.scratch()
        try make(dir + "/clip.mp4", "testsrc=size=64x48:rate=25:duration=1.2")
        try ContentLoaderTests.png(dir + "/still.png")
        return dir
    }

    @Test func aVideoBannerLastsTheVideosLength() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let listed = ContentLoader().load(directory: dir)
        #expect(listed.problems.isEmpty)
        #expect(listed.banners.map(\.id) == ["clip", "still"])
        #expect(listed.banners.map(\.duration) == [.milliseconds(1200), nil])
    }

    @Test func theManifestsDurationOrLoopComesFirst() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        try """
        defaults = { duration = 5 }
        banner = [
          { id = "own", image = "clip.mp4" },
          { id = "timed", image = "clip.mp4", duration = 3 },
          { id = "looped", image = "clip.mp4", loop = true },
          { id = "still", image = "still.png" },
          { id = "bad", image = "clip.mp4", loop = 1 },
        ]
        """.write(toFile: dir + "/banners.toml", atomically: true, encoding: .utf8)
        let loaded = ContentLoader().load(directory: dir)
        #expect(
            loaded.banners.map(\.duration) == [
                .milliseconds(1200), .seconds(3), .seconds(5), .seconds(5), .milliseconds(1200),
            ])
        #expect(loaded.banners.map(\.loop) == [false, false, true, false, false])
        #expect(
            loaded.problems.map(\.description) == [
                dir + "/banners.toml:7:44: loop must be true or false: true plays the animation or video for ever"
            ])
    }

    @Test func checkSaysWhatEachVideoIsAndWarnsWhereAPiFallsBehind() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        // Six frames of 1080p60 HEVC: decoded in software on a Pi, which a Pi 3 cannot do in time.
        try Self.make(
            dir + "/heavy.mkv", "testsrc=size=1920x1080:rate=60:duration=0.1",
            ["-c:v", "libx265", "-preset", "ultrafast", "-x265-params", "log-level=error"])
        let report = ContentChecker(displaySize: (320, 240), bannerSize: (288, 208)).check(directory: dir)
        #expect(report.isClean)
        #expect(
            report.notes.map(\.description) == [
                dir + "/clip.mp4: a video: H.264 64x48 at 25 fps, 1.2 s (30 frames), kept at the banner's 288x208"
            ])
        #expect(
            report.warnings.map(\.description) == [
                dir + "/heavy.mkv: warning: a video: HEVC 1920x1080 at 60 fps, 0.1 s (6 frames), kept at the banner's "
                    + "288x208; HEVC is decoded in software on a Raspberry Pi, and a Pi 3 cannot keep up above 720p30: "
                    + "re-encode it as H.264 at 1080p30 or less, which the Pi's hardware decodes"
            ])
    }

    @Test func theRendererTakesTheTimelineFromTheContainer() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = try FontSet()
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        for loop in [false, true] {
            var drawn: [Int] = []
            let animation = try #require(
                renderer.renderAnimation(
                    Banner(id: "clip", artwork: .file(path: dir + "/clip.mp4"), loop: loop), width: 80, height: 40,
                    scale: 1
                ) { bitmap in
                    drawn.append(bitmap.width)
                    return drawn.count < 3  // keeps two, as a banner over its budget keeps its first
                })
            #expect(animation.durations == Array(repeating: Duration.milliseconds(40), count: 30))
            #expect(animation.drawn == 2 && drawn == [80, 80, 80])
            #expect(animation.plays == (loop ? nil : 1))
            #expect(animation.problems.isEmpty)
        }
    }

    /// A video longer than a banner keeps is known to be before a frame is drawn: its first frame is drawn, no more.
    @Test func aVideoTooLongToKeepHasItsFirstFrameDrawnOnly() throws {
        let dir = try Self.directory()
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let fonts = try FontSet()
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        for keeping in [29, 30] {
            var drawn = 0
            let animation = try #require(
                renderer.renderAnimation(
                    Banner(id: "clip", artwork: .file(path: dir + "/clip.mp4")), width: 80, height: 40, scale: 1,
                    keeping: keeping
                ) { _ in
                    drawn += 1
                    return true
                })
            #expect(animation.durations.count == 30)
            #expect(drawn == (keeping == 29 ? 1 : 30) && animation.drawn == drawn, "keeping \(keeping)")
        }
    }
}
