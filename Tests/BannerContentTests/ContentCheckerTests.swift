import Testing
import ThreadSanitizerRun

@testable import BannerContent

/// Runs the checker on the committed bad-content set (Tests/BannerContentTests/BadContent), one file per
/// failure mode, and pins the exact lines an operator would read.
@Suite struct ContentCheckerTests {
    static let base: String = {
        let file = "\(#filePath)"
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/BadContent"
    }()

    @Test func everyBadImageIsReportedOnceWithItsReason() {
        let dir = Self.base + "/images"
        let report = ContentChecker().check(directory: dir)
        #expect(!report.isClean && !report.usedManifest)
        #expect(report.banners.count == 9)
        let lines = report.problems.map(\.description)
        let expected = [
            "03-empty.png: file is empty (0 bytes); re-copy it",
            "04-truncated.jpg: image data is truncated or corrupt; re-export it (jpeg_read_header: unexpected end of file)",
            "05-truncated.png: image data is truncated or corrupt; re-export it (png_image_",
            "06-corrupt.png: image data is truncated or corrupt; re-export it (png_read_info: IHDR: CRC error)",
            "07-text.jpg: not a PNG, JPEG, WebP, GIF, MP4, WebM or MKV file (sniff: no PNG, JPEG, WebP, GIF, MP4, WebM or MKV signature)",
            "08-huge.png: image is 20000x20000, larger than allowed; resize it below the limit",
            "09-directory.png: is a directory, not an image file (read: Is a directory)",
        ]
        #expect(lines.count == expected.count, "\(lines)")
        for (line, want) in zip(lines, expected) { #expect(line.hasPrefix(dir + "/" + want), "\(line)") }
        #expect(!lines.contains { $0.contains("01-ok") || $0.contains("02-ok") })
    }

    @Test func manifestProblemsComeWithLineAndColumnInFileOrder() {
        let dir = Self.base + "/manifest"
        let report = ContentChecker().check(directory: dir)
        #expect(report.usedManifest && report.banners.count == 5)
        let lines = report.problems.map(\.description)
        #expect(lines.count == 4, "\(lines)")
        #expect(
            lines.first == dir + "/banners.toml:12:9: image " + dir
                + "/missing.png cannot be read: No such file or directory")
        #expect(lines.dropFirst().first?.hasPrefix(dir + "/banners.toml:20:1: unknown key \"subtitel\"") == true)
        #expect(lines.dropFirst(2).first == dir + "/banners.toml:24:14: colour must be \"#RRGGBB\" or \"#RRGGBBAA\"")
        #expect(lines.last?.hasPrefix(dir + "/broken.png: image data is truncated or corrupt") == true)
    }

    @Test func cleanDirectoryPasses() throws {
        let dir = ContentLoaderTests.scratch()
        try ContentLoaderTests.png(dir + "/1.png")
        let report = ContentChecker().check(directory: dir)
        #expect(report.isClean && report.banners.map(\.id) == ["1"])
    }

    @Test func directoryWithNothingIsNotClean() {
        let report = ContentChecker().check(directory: Self.base + "/manifest/..")
        // BadContent itself has no images and no manifest: that is a problem too, never silently "ok".
        #expect(
            !report.isClean
                && report.problems.first?.message.contains("no PNG, JPEG, WebP, GIF, MP4, WebM or MKV files") == true)
    }
}

/// Animations are decoded whole by `check`, as the player plays them: a frame that fails and frames past what a
/// banner keeps (drawn as they play) are each one warning.
@Suite struct AnimationCheckTests {
    static let dir = ContentCheckerTests.base + "/animations"

    @Test func aFrameThatFailsIsNamedAndTheFramesBeforeItPlay() {
        let report = ContentChecker(displaySize: (320, 240), bannerSize: (288, 208)).check(directory: Self.dir)
        #expect(report.isClean && report.banners.count == 2)
        #expect(
            report.warnings.map(\.description) == [
                Self.dir + "/cut.gif: warning: frame 3: image data is truncated or corrupt; re-export it (DGifGetLine: "
                    + "Failed to read from given file); the 2 frame(s) before it play"
            ])
        // What the one that plays keeps: a note, not a warning (--strict passes it).
        #expect(
            report.notes.map(\.description) == [
                Self.dir + "/plays.gif: an animation of 6 frames, kept as 1 MiB at the banner's 288x208 (of the 48 MiB "
                    + "a banner keeps)"
            ])
    }

    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func framesPastWhatABannerKeepsAreSaid() {
        // 9 MiB a frame at 1536x1536: five fit in a banner's 48 MiB, not six. (Every frame is decoded at that size:
        // at 4096x4096 this one test took a third of the unit tests' time, and under ThreadSanitizer ran last.)
        let report = ContentChecker(displaySize: (8192, 4096), bannerSize: (1536, 1536)).check(directory: Self.dir)
        #expect(
            report.warnings.map(\.description).last
                == Self.dir + "/plays.gif: warning: an animation of 6 frames takes 54 MiB at the banner's 1536x1536, "
                + "more than the 48 MiB a banner keeps: each frame is drawn as it plays, which a slow board may not "
                + "keep up with")
    }
}
