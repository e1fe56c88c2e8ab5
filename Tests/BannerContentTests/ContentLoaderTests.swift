import FileAccess
import Glibc
import ImageDecoding
import Testing

@testable import BannerContent
@testable import Raster

@Suite struct ContentLoaderTests {
    static func scratch() -> String {
        var template = Array("/tmp/bannerd-content-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        return made ?? "/tmp"
    }

    static func png(_ path: String) throws {
        try PNGEncoder().write(Bitmap(width: 4, height: 3, color: Color(rgb: 0x808080)), to: path)
    }

    @Test func withoutManifestImagesComeInNaturalNameOrder() throws {
        let dir = Self.scratch()
        for name in ["10.png", "2.png", "a.JPG", "B.jpeg", ".hidden.png", "notes.txt", "logo.BMP"] {
            try LocalFiles().writeAtomically([0], to: dir + "/" + name)
        }
        let result = ContentLoader().load(directory: dir + "/")
        #expect(!result.usedManifest)
        // Every file not shown is named once with the reason; hidden files are not.
        #expect(
            result.problems.map(\.description) == [
                dir
                    + "/logo.BMP: a BMP image, not shown: bannerd shows PNG, JPEG, WebP, GIF, MP4, WebM or MKV; convert "
                    + "it to one of them"
            ])
        #expect(
            result.warnings.map(\.description) == [
                dir
                    + "/notes.txt: warning: not a PNG, JPEG, WebP, GIF, MP4, WebM or MKV file, ignored; keep only "
                    + "images and videos in the content directory"
            ])
        #expect(result.banners.map(\.id) == ["2", "10", "a", "B"])
        #expect(result.banners[0].imagePath == dir + "/2.png" && result.banners[0].title.isEmpty)
    }

    @Test func manifestDefinesOrderAndReportsMissingImagesAtTheirLine() throws {
        let dir = Self.scratch()
        try Self.png(dir + "/one.png")
        #expect(mkdir(dir + "/dir.png", 0o755) == 0)
        let manifest = """
            [[banner]]
            title = "Second file first"
            image = "gone.png"

            [[banner]]
            image = "one.png"

            [[banner]]
            image = "dir.png"
            """
        try LocalFiles().writeAtomically(Array(manifest.utf8), to: dir + "/banners.toml")
        let result = ContentLoader().load(directory: dir)
        #expect(result.usedManifest)
        #expect(result.banners.map(\.id) == ["gone", "one", "dir"])
        let lines = result.problems.map(\.description)
        #expect(lines.count == 2)
        #expect(lines[0].hasPrefix(dir + "/banners.toml:3:9: image " + dir + "/gone.png cannot be read"))
        #expect(lines[1] == dir + "/banners.toml:9:9: image " + dir + "/dir.png is a directory")
    }

    @Test func emptyAndMissingDirectoriesAreProblems() {
        let dir = Self.scratch()
        let empty = ContentLoader().load(directory: dir)
        #expect(
            empty.banners.isEmpty
                && empty.problems.first?.message.contains("no PNG, JPEG, WebP, GIF, MP4, WebM or MKV") == true)
        let missing = ContentLoader().load(directory: dir + "/nope")
        #expect(missing.banners.isEmpty && missing.problems.count == 1)
        #expect(missing.problems[0].message.contains("opendir failed: No such file or directory"))
    }

    @Test func naturalOrderComparesDigitRunsByValue() {
        let names = ["img10.png", "img2.png", "Img1.png", "img02.png", "b.png", "a.png", "10", "9"]
        #expect(
            names.sorted(by: NaturalOrder.precedes) == [
                "9", "10", "a.png", "b.png", "Img1.png", "img2.png", "img02.png", "img10.png",
            ])
    }
}
