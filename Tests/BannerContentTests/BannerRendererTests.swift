import GlyphText
import ImageDecoding
import Testing
import TextLayout

@testable import BannerContent
@testable import Raster

/// Returns a fixed bitmap, or throws, and records what it was asked for.
final class FakeImages: ImageLoading {
    struct Missing: Error, CustomStringConvertible {
        var description: String { "x.png: not a PNG or JPEG file" }
    }
    var image: Bitmap?
    /// Frames the artwork plays (nil: a still), how many times, and the frame at which decoding fails.
    var animation: (frames: [AnimationFrame], plays: Int?, failingAt: Int?)?
    var asked: [(String, Int, Int)] = []
    init(_ image: Bitmap?) { self.image = image }
    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> DecodedImage {
        asked.append((path, fitting.width, fitting.height))
        guard let image else { throw Missing() }
        return DecodedImage(bitmap: image)
    }
    func loadAnimation(path: String, fitting: (width: Int, height: Int)) throws -> (any AnimationDecoder)? {
        animation.map { ScriptedAnimation(frames: $0.frames, plays: $0.plays, failingAt: $0.failingAt) }
    }
    /// No video: the scripted animations are animated images.
    func videoProbe(path: String) -> VideoProbe? { nil }
}

/// An animation playing frames given, failing at one if asked.
final class ScriptedAnimation: AnimationDecoder {
    let frames: [AnimationFrame]
    let plays: Int?
    let failingAt: Int?
    private var next = 0
    var width: Int { frames.first?.bitmap.width ?? 0 }
    var height: Int { frames.first?.bitmap.height ?? 0 }
    init(frames: [AnimationFrame], plays: Int?, failingAt: Int?) {
        (self.frames, self.plays, self.failingAt) = (frames, plays, failingAt)
    }
    func nextFrame() throws(ImageError) -> AnimationFrame? {
        guard next != failingAt else {
            throw ImageError(.corrupt, call: "DGifGetLine", message: "image data is truncated", path: "moving.gif")
        }
        guard next < frames.count else { return nil }
        defer { next += 1 }
        return frames[next]
    }
    func rewind() throws(ImageError) { next = 0 }
}

@Suite struct BannerRendererTests {
    func renderer(_ images: FakeImages) throws -> BannerRenderer {
        let f = try FontSet()
        return BannerRenderer(titleFont: f.title, bodyFont: f.body, images: images)
    }

    /// Columns and rows holding near-white text pixels.
    static func whiteBounds(_ b: Bitmap) -> (minX: Int, maxX: Int, minY: Int, maxY: Int)? {
        var r: (Int, Int, Int, Int)?
        for y in 0..<b.height {
            for x in 0..<b.width {
                guard let c = b.color(x: x, y: y), c.red > 240, c.green > 240, c.blue > 240 else { continue }
                r = (min(r?.0 ?? x, x), max(r?.1 ?? x, x), min(r?.2 ?? y, y), max(r?.3 ?? y, y))
            }
        }
        return r
    }

    @Test func imageFillsCropsCentreAndCornersAreRounded() throws {
        var art = Bitmap(width: 300, height: 100, color: Color(rgb: 0xFF0000))
        art.fill(PixelRect(x: 100, y: 0, width: 100, height: 100), with: Color(rgb: 0x0000FF))
        let images = FakeImages(art)
        let banner = Banner(id: "b", artwork: .file(path: "/c/x.jpg"))
        let out = try renderer(images).render(banner, width: 120, height: 120, scale: 1.5)
        #expect(out.problems.isEmpty)
        #expect(images.asked.count == 1 && images.asked[0] == ("/c/x.jpg", 120, 120))
        #expect(out.bitmap.color(x: 60, y: 60) == Color(rgb: 0x0000FF))
        #expect(out.bitmap.color(x: 0, y: 0)?.alpha == 0)
        #expect(out.bitmap.color(x: 119, y: 119)?.alpha == 0)
        #expect(out.bitmap.color(x: 60, y: 119)?.alpha == 255 && out.bitmap.color(x: 12, y: 12)?.alpha == 255)
        // 8 pt at 1.5 px/pt = 12 px radius: pixel (3, 3) is on the arc.
        let edge = try #require(out.bitmap.color(x: 3, y: 3)?.alpha)
        #expect(edge == Bitmap.cornerCoverage(px: 3, py: 3, radius: 12))
    }

    @Test func badImageGivesPlaceholderWithTitleOnBackground() throws {
        let banner = Banner(id: "b", title: "Hello", artwork: .file(path: "x.png"), background: Color(rgb: 0x204060))
        let out = try renderer(FakeImages(nil)).render(banner, width: 300, height: 150, scale: 1)
        #expect(out.problems == ["x.png: not a PNG or JPEG file"])
        #expect(out.bitmap.color(x: 150, y: 140) == Color(rgb: 0x204060))
        #expect(Self.whiteBounds(out.bitmap) != nil)
    }

    @Test func textStartsAtSixteenPointsFromTopLeftAtAnyScale() throws {
        for scale in [1.0, 2.0] {
            let banner = Banner(id: "b", title: "Hello", subtitle: "World")
            let out = try renderer(FakeImages(nil)).render(
                banner, width: Int(400 * scale), height: Int(200 * scale), scale: scale)
            let w = try #require(Self.whiteBounds(out.bitmap))
            let inset = Int(16 * scale)
            // "H" has a small left bearing; ascender space sits above the cap height.
            #expect(w.minX >= inset && w.minX <= inset + Int(4 * scale), "scale \(scale): \(w)")
            #expect(w.minY >= inset && w.minY <= inset + Int(10 * scale), "scale \(scale): \(w)")
            // Title (28 pt line) + 4 pt + subtitle: text ends within about 16 + 33 + 4 + 22 pt.
            #expect(w.maxY > inset + Int(36 * scale) && w.maxY < Int(80 * scale), "scale \(scale): \(w)")
        }
    }

    @Test(arguments: [
        ("مرحبا بكم", "أهلا وسهلا", nil), ("שלום", "ברוכים הבאים", nil), ("Sale", "Today", TextDirection.rightToLeft),
    ])
    func rightToLeftTextEndsSixteenPointsFromTopRight(title: String, subtitle: String, direction: TextDirection?)
        throws
    {
        for scale in [1.0, 2.0] {
            let banner = Banner(id: "b", title: title, subtitle: subtitle, direction: direction)
            let width = Int(400 * scale)
            let out = try renderer(FakeImages(nil)).render(banner, width: width, height: Int(200 * scale), scale: scale)
            let w = try #require(Self.whiteBounds(out.bitmap))
            let inset = Int(16 * scale)
            #expect(w.maxX < width - inset && w.maxX >= width - inset - Int(4 * scale), "scale \(scale): \(w)")
            #expect(w.minX > width / 3, "scale \(scale): \(w)")
            #expect(w.minY >= inset && w.minY <= inset + Int(12 * scale), "scale \(scale): \(w)")
        }
    }

    @Test func scrimDarkensLightArtworkBehindTextOnly() throws {
        let banner = Banner(id: "b", title: "Sale", artwork: .file(path: "white.png"))
        let out = try renderer(FakeImages(Bitmap(width: 10, height: 10, color: .white)))
            .render(banner, width: 300, height: 300, scale: 1)
        let top = try #require(out.bitmap.color(x: 290, y: 10))
        let bottom = try #require(out.bitmap.color(x: 150, y: 290))
        #expect(top.red < 200 && bottom == .white)
    }

    /// A banner's overlay, drawn once, laid over each frame of its video gives every frame the pixels the banner
    /// rendered as a still over that frame gives: the scrim, text, shadow and corners of the frame it is laid on,
    /// nothing of another.
    @Test func theOverlayDrawnOnceFinishesEveryFrameAsAStill() throws {
        let frames = [
            BannerPattern.stripes(.white, Color(rgb: 0x203040), widthPoints: 12),
            .checker(Color(rgb: 0xF0E040), .black, cellPoints: 9),
        ].map { $0.render(width: 300, height: 120, scale: 1) }
        let banner = Banner(id: "v", title: "Sale", subtitle: "Ends Sunday — مرحبا 🎉", artwork: .file(path: "v.mp4"))
        let r = try renderer(FakeImages(nil))
        let overlay = r.overlay(banner, width: 300, height: 120, scale: 1, scrim: true)
        for frame in frames {
            let still = try renderer(FakeImages(frame)).render(banner, width: 300, height: 120, scale: 1).bitmap
            let laid = r.renderFrame(
                banner, AnimationFrame(bitmap: frame, duration: .milliseconds(40)), width: 300, height: 120,
                finishing: .overlay(overlay))
            // Compared first, so that a failure prints no bitmap.
            let (asStill, overlaid) = (laid == still, laid != frame)
            #expect(asStill && overlaid)
        }
    }

    /// On a board installed without the package's recommends (DejaVu alone, no fallback font installed), text in
    /// another script shows as boxes and its line names the Debian package that covers each script.
    @Test func textNoInstalledFontHasNamesThePackageThatCoversIt() throws {
        let dejavu = FontPaths(
            title: ["/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"],
            body: ["/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"])
        let fonts = try FontSet(paths: dejavu, fallback: false)
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: FakeImages(nil))
        let lines = renderer.textProblems(
            in: Banner(id: "menu", title: "Menu 菜单", subtitle: "नमस्ते \u{1F389} \u{E000}"))
        #expect(lines.count == 2, "\(lines)")
        #expect(
            lines.first?.hasSuffix(
                "(Han), which no installed font has; shown as boxes; Debian's fonts-wqy-zenhei covers it") == true,
            "\(lines)")
        #expect(
            lines.last?.hasSuffix(
                "(Devanagari, emoji, private use), which no installed font has; shown as boxes; Debian's fonts-noto-core and fonts-noto-color-emoji cover it"
            ) == true, "\(lines)")
    }

    @Test func demoContentRendersWithoutFilesAndDistinctIds() throws {
        let banners = DemoContent.banners
        #expect(banners.count >= 3 && Set(banners.map(\.id)).count == banners.count)
        let images = FakeImages(nil)
        let r = try renderer(images)
        for b in banners {
            let out = r.render(b, width: 160, height: 90, scale: 0.5)
            #expect(out.problems.isEmpty && out.bitmap.width == 160)
            #expect(Set(out.bitmap.pixels).count > 10)  // a pattern, not a flat fill
        }
        #expect(images.asked.isEmpty)
    }
}
