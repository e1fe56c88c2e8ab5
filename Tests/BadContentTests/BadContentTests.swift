import BannerContent
import Foundation
import Glibc
import GlyphText
import Testing

/// Bad content next to a good banner: each case gets exactly one log line naming the file and the reason, the
/// good banner stays on screen, and nothing on disk changes (checked by `ContentScene.play`).
@Suite struct BadContentTests {
    /// No line at all and the good banner shown: valid input that merely looks unusual.
    private func expectClean(_ outcome: ContentScene.Outcome, sourceLocation: SourceLocation = #_sourceLocation) {
        #expect(outcome.lines.isEmpty, "\(outcome.lines)", sourceLocation: sourceLocation)
        #expect(outcome.showsGoodBanner, sourceLocation: sourceLocation)
    }

    // MARK: Image files

    @Test func corruptPNG() throws {
        let scene = try ContentScene()
        var bytes = try ContentScene.fixture("gray.png")
        for i in 60..<bytes.count - 12 { bytes[i] ^= 0x5A }  // the compressed pixels, CRCs left as they were
        try scene.write("corrupt.png", bytes)
        expectOneLine(try scene.play(), naming: scene.path("corrupt.png"), saying: "truncated or corrupt")
    }

    @Test func truncatedPNG() throws {
        let scene = try ContentScene()
        try scene.write("cut.png", Array(try ContentScene.fixture("deep16.png").prefix(200)))
        expectOneLine(try scene.play(), naming: scene.path("cut.png"), saying: "truncated or corrupt")
    }

    @Test func truncatedJPEG() throws {
        let scene = try ContentScene()
        try scene.write("cut.jpg", Array(try ContentScene.fixture("progressive.jpg").prefix(300)))
        expectOneLine(try scene.play(), naming: scene.path("cut.jpg"), saying: "truncated or corrupt")
    }

    @Test func truncatedWebP() throws {
        let scene = try ContentScene()
        try scene.write("cut.webp", Array(try ContentScene.fixture("lossy.webp").prefix(80)))
        expectOneLine(try scene.play(), naming: scene.path("cut.webp"), saying: "truncated or corrupt")
    }

    @Test func animatedWebPPlaysFromItsFirstFrameWithoutALine() throws {
        let scene = try ContentScene()
        try scene.copy(fixture: "animated.webp", as: "zz-anim.webp")
        let outcome = try scene.play()
        expectClean(outcome)
        #expect(outcome.banners.map(\.id) == ["00-good", "zz-anim"])
        #expect(outcome.centres[1] == 0xFF_0000, "centre \(String(outcome.centres[1], radix: 16))")  // frame 1 red
    }

    @Test func zeroByteFile() throws {
        let scene = try ContentScene()
        try scene.write("empty.jpg", [])
        expectOneLine(try scene.play(), naming: scene.path("empty.jpg"), saying: "file is empty")
    }

    @Test func pngDecompressionBomb() throws {
        let scene = try ContentScene()
        try scene.copy(fixture: "bomb.png", as: "bomb.png")
        expectOneLine(try scene.play(), naming: scene.path("bomb.png"), saying: "100000x100000, larger than allowed")
    }

    @Test func jpegDecompressionBomb() throws {
        let scene = try ContentScene()
        try scene.copy(fixture: "bomb.jpg", as: "bomb.jpg")
        expectOneLine(try scene.play(), naming: scene.path("bomb.jpg"), saying: "65000x65000, larger than allowed")
    }

    @Test func wrongExtensionsAreDecodedByContent() throws {
        let scene = try ContentScene()
        try scene.copy(fixture: "photo.jpg", as: "photo.png")
        try scene.copy(fixture: "gray.png", as: "gray.jpeg")
        let outcome = try scene.play()
        expectClean(outcome)
        #expect(outcome.banners.map(\.id) == ["00-good", "gray", "photo"])
        // The JPEG's sea green survives compression to within a few levels.
        let photo = outcome.centres[2]
        #expect(abs(Int(photo >> 16) - 0x2E) <= 4 && abs(Int(photo >> 8 & 0xFF) - 0x8B) <= 4)
    }

    @Test func textFileNamedLikeAnImage() throws {
        let scene = try ContentScene()
        try scene.write("notes.jpg", text: "remember to buy milk\n")
        expectOneLine(
            try scene.play(), naming: scene.path("notes.jpg"),
            saying: "not a PNG, JPEG, WebP, GIF, MP4, WebM or MKV file")
    }

    @Test func unreadableFile() throws {
        let scene = try ContentScene()
        try scene.copy(fixture: "gray.png", as: "secret.png")
        #expect(chmod(scene.dir, 0o755) == 0 && chmod(scene.path("00-good.png"), 0o644) == 0)
        #expect(chmod(scene.path("secret.png"), 0) == 0)
        let outcome = try scene.play(asNobody: true)
        expectOneLine(outcome, naming: scene.path("secret.png"), saying: "Permission denied")
    }

    @Test func symlinkLoop() throws {
        let scene = try ContentScene()
        #expect(symlink("b.png", scene.path("a.png")) == 0 && symlink("a.png", scene.path("b.png")) == 0)
        let outcome = try scene.play()
        // Two files, one line each.
        #expect(outcome.lines.count == 2 && outcome.showsGoodBanner)
        for (line, name) in zip(outcome.lines, ["a.png", "b.png"]) {
            #expect(line.contains(scene.path(name)) && line.contains("Too many levels of symbolic links"))
        }
    }

    @Test func danglingSymlink() throws {
        let scene = try ContentScene()
        #expect(symlink("/nonexistent/x.png", scene.path("gone.png")) == 0)
        expectOneLine(try scene.play(), naming: scene.path("gone.png"), saying: "No such file or directory")
    }

    @Test func directoryNamedLikeAnImage() throws {
        let scene = try ContentScene()
        #expect(mkdir(scene.path("album.jpg"), 0o755) == 0)
        expectOneLine(try scene.play(), naming: scene.path("album.jpg"), saying: "is a directory")
    }

    @Test func fifoNamedLikeAnImageDoesNotHang() throws {
        let scene = try ContentScene()
        #expect(mkfifo(scene.path("pipe.png"), 0o644) == 0)
        expectOneLine(try scene.play(), naming: scene.path("pipe.png"), saying: "cannot read the file")
    }

    @Test func unusualButValidEncodingsAreShown() throws {
        let scene = try ContentScene()
        for name in ["deep16.png", "gray.png", "palette.png", "progressive.jpg", "cmyk.jpg"] {
            try scene.copy(fixture: name, as: "x-" + name)
        }
        let outcome = try scene.play()
        expectClean(outcome)
        #expect(outcome.banners.count == 6)
        // The CMYK JPEG (Adobe-inverted sea green) comes out sea green.
        let cmyk = try #require(outcome.banners.firstIndex { $0.id == "x-cmyk" })
        let c = outcome.centres[cmyk]
        #expect(abs(Int(c >> 16) - 0x2E) <= 4 && abs(Int(c >> 8 & 0xFF) - 0x8B) <= 4, "\(String(c, radix: 16))")
    }

    // MARK: Text

    @Test func nonUTF8TitleInManifest() throws {
        let scene = try ContentScene()
        let manifest =
            Array("[[banner]]\nimage = \"00-good.png\"\n\n[[banner]]\ntitle = \"Caf".utf8) + [0xE9]
            + Array("\"\n".utf8)
        try scene.write("banners.toml", manifest)
        let outcome = try scene.play()
        expectOneLine(outcome, naming: scene.path("banners.toml") + ":5:13:", saying: "not UTF-8 (byte 0xE9)")
        #expect(outcome.banners.count == 2 && outcome.banners[1].title == "Caf\u{FFFD}")
    }

    @Test func veryLongTitleIsCutWithAnEllipsis() throws {
        let scene = try ContentScene()
        let title = String(repeating: "Everything must go! ", count: 500)
        try scene.write("banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\ntitle = \"\(title)\"\n")
        let outcome = try scene.play()
        #expect(outcome.lines.isEmpty && outcome.banners.first?.title.count == 10_000)
        // The text block sits in the top-left; the centre of the banner still shows the artwork.
        #expect(outcome.showsGoodBanner)
    }

    @Test func emojiComeFromTheSymbolFontAndUncoveredCharactersAreNamed() throws {
        let scene = try ContentScene()
        try scene.write(
            "banners.toml",
            text: """
                [[banner]]
                id = "sale"
                image = "00-good.png"
                title = "Sale \u{1F389}\u{FE0F} today \u{2615}"
                subtitle = "private \u{E000}"
                """)
        let outcome = try scene.play()
        expectOneLine(
            outcome, naming: "banner \"sale\"",
            saying: "its subtitle has U+E000 (private use), which no installed font has; shown as boxes")
    }

    @Test func bidiOverrideDisguisingTextIsNamed() throws {
        let scene = try ContentScene()
        let manifest = "[[banner]]\nid = \"doc\"\nimage = \"00-good.png\"\ntitle = \"invoice\\u202Efdp.exe\"\n"
        try scene.write("banners.toml", text: manifest)
        let outcome = try scene.play()
        expectOneLine(outcome, naming: "banner \"doc\"", saying: "its title holds the bidi control(s) U+202E")
    }

    @Test func hundredsOfMarksOnOneLetterAreBoundedAndNamed() throws {
        let scene = try ContentScene()
        let marks = String(repeating: "\u{301}", count: 600)
        try scene.write(
            "banners.toml", text: "[[banner]]\nid = \"zalgo\"\nimage = \"00-good.png\"\ntitle = \"Z\(marks)ALGO\"\n")
        let outcome = try scene.play()
        expectOneLine(outcome, naming: "banner \"zalgo\"", saying: "570 left out")
    }

    // MARK: Fonts

    @Test func missingFontFallsBackToTheNextOne() throws {
        let scene = try ContentScene()
        try scene.write("banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\ntitle = \"Hello\"\n")
        var fonts = FontPaths.debian
        fonts.title.insert("/nonexistent/Brand-Bold.ttf", at: 0)
        let outcome = try scene.play(fonts: fonts)
        expectOneLine(outcome, naming: "/nonexistent/Brand-Bold.ttf", saying: "cannot open resource")
    }

    /// A banner titled `title`, with DejaVu Sans Bold damaged by `damage` and saved as `name` first in the title
    /// chain.
    private func playWithDamagedFont(
        named name: String, title: String, _ damage: (inout [UInt8]) -> Void
    ) throws -> ContentScene.Outcome {
        let scene = try ContentScene()
        try scene.write("banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\ntitle = \"\(title)\"\n")
        let dejavu = URL(fileURLWithPath: "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf")
        var bytes = try [UInt8](Data(contentsOf: dejavu))
        damage(&bytes)
        try scene.write(name, bytes)
        var fonts = FontPaths.debian
        fonts.title.insert(scene.path(name), at: 0)
        return try scene.play(fonts: fonts)
    }

    /// Renames the font's tables `tags` in its table directory, so nothing finds them.
    private static func hideTables(_ tags: [String], in bytes: inout [UInt8]) {
        let tables = Int(bytes[4]) << 8 | Int(bytes[5])
        for i in 0..<tables where tags.contains(where: { bytes[12 + 16 * i..<16 + 16 * i].elementsEqual($0.utf8) }) {
            bytes[12 + 16 * i] = UInt8(ascii: "X")
        }
    }

    @Test func damagedFontInTheChainIsNamedOnceAndTheBannerShows() throws {
        // Its outlines (the glyf table, 522040 bytes at 49104) overwritten: the font opens and shapes, but
        // FreeType refuses every glyph it is asked to draw.
        let outcome = try playWithDamagedFont(named: "Broken-Bold.ttf", title: "Hello") { bytes in
            for i in 49_104..<(49_104 + 522_040) { bytes[i] = 0x7F }
        }
        expectOneLine(outcome, naming: "Broken-Bold.ttf", saying: "could not draw some of its glyphs")
    }

    @Test func fontWithoutTheTablesArabicNeedsIsNamed() throws {
        // DejaVu has Arabic letters; without its GSUB table they do not join.
        let outcome = try playWithDamagedFont(named: "NoGSUB-Bold.ttf", title: "مرحبا بكم") {
            Self.hideTables(["GSUB"], in: &$0)
        }
        expectOneLine(outcome, naming: "NoGSUB-Bold.ttf", saying: "has Arab letters set in")
    }

    @Test func fontWithoutAUnicodeCharacterMapIsSkippedAndNamed() throws {
        // Without its cmap (FreeType would make one from the glyph names in post, so that goes too).
        let outcome = try playWithDamagedFont(named: "NoCmap-Bold.ttf", title: "Hello") {
            Self.hideTables(["cmap", "post"], in: &$0)
        }
        expectOneLine(outcome, naming: "NoCmap-Bold.ttf", saying: "the font has no Unicode character map")
    }

    @Test func noFontAtAllStillShowsTheArtwork() throws {
        let scene = try ContentScene()
        try scene.write("banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\ntitle = \"Hello\"\n")
        let outcome = try scene.play(fonts: FontPaths(title: ["/nonexistent/A.ttf"], body: ["/nonexistent/A.ttf"]))
        expectOneLine(outcome, naming: "/nonexistent/A.ttf", saying: "cannot open resource")
    }

    // MARK: Manifest

    @Test func manifestSyntaxErrorKeepsTheValidBanners() throws {
        let scene = try ContentScene()
        try scene.write(
            "banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\n\n[[banner]]\ntitle = \"Unclosed\n")
        let outcome = try scene.play()
        expectOneLine(outcome, naming: scene.path("banners.toml") + ":5:", saying: "unterminated string")
        #expect(outcome.banners.map(\.imagePath) == [scene.path("00-good.png")])
    }

    @Test func manifestNamingAMissingFile() throws {
        let scene = try ContentScene()
        try scene.write(
            "banners.toml",
            text: "[[banner]]\nimage = \"00-good.png\"\n\n[[banner]]\ntitle = \"Soon\"\nimage = \"later.png\"\n")
        let outcome = try scene.play()
        expectOneLine(outcome, naming: scene.path("banners.toml") + ":6:9:", saying: "later.png cannot be read")
        #expect(outcome.banners.count == 2)
    }

    @Test func duplicateBannerIds() throws {
        let scene = try ContentScene()
        try scene.write(
            "banners.toml",
            text: "[[banner]]\nid = \"a\"\nimage = \"00-good.png\"\n\n[[banner]]\nid = \"a\"\ntitle = \"Twin\"\n")
        let outcome = try scene.play()
        expectOneLine(outcome, naming: scene.path("banners.toml") + ":6:", saying: "duplicate banner id \"a\"")
    }

    @Test func unknownManifestKey() throws {
        let scene = try ContentScene()
        try scene.write("banners.toml", text: "[[banner]]\nimage = \"00-good.png\"\ncolour = \"#FF0000\"\n")
        expectOneLine(try scene.play(), naming: scene.path("banners.toml") + ":3:", saying: "colour")
    }

    @Test func oversizedManifestIsRefusedBeforeReading() throws {
        let scene = try ContentScene()
        try scene.write("banners.toml", [UInt8](repeating: 0x23, count: 5 << 20))
        let outcome = try scene.play()
        #expect(outcome.lines.count == 1 && outcome.lines[0].contains(scene.path("banners.toml")))
        #expect(outcome.banners.isEmpty && outcome.centres == [0])
    }

    // MARK: Counts and the directory itself

    @Test func noBannersAtAll() throws {
        let scene = try ContentScene(withGoodBanner: false)
        let outcome = try scene.play()
        #expect(outcome.lines.count == 1 && outcome.lines[0].contains(scene.dir))
        #expect(outcome.lines[0].contains("no PNG, JPEG, WebP, GIF, MP4, WebM or MKV files"))
        #expect(outcome.banners.isEmpty && outcome.centres == [0])  // the background, no crash
    }

    @Test func oneBanner() throws {
        let outcome = try ContentScene().play()
        expectClean(outcome)
        #expect(outcome.banners.count == 1)
    }

    @Test func directoryThatDisappearsWhileShowing() throws {
        let scene = try ContentScene()
        #expect(try scene.play().showsGoodBanner)
        try FileManager.default.removeItem(atPath: scene.dir)
        let reloaded = ContentLoader().load(directory: scene.dir)
        #expect(reloaded.banners.isEmpty && reloaded.problems.count == 1)
        #expect(
            reloaded.problems[0].description == scene.dir
                + ": opendir failed: No such file or directory (ENOENT); check the path")
    }
}
