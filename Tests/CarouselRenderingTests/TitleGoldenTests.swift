import BannerContent
import CarouselEngine
import CarouselRendering
import GlyphText
import Raster
import Testing
import TextLayout

/// Titles through the whole pipeline: a long one cut with an ellipsis, and Cyrillic and CJK ones set with the
/// fallback chain (DejaVu, then WenQuanYi Zen Hei), each on the centre banner of a resting carousel.
@Suite struct TitleGoldenTests {
    static let long = "A very long title that cannot possibly fit on one banner line"
    static let cyrillic = "Жёлтый!"
    static let cjk = "欢迎光临"

    /// The title's layout as the renderer sets it: 28 pt bold, inside the 16 pt text inset.
    static func titleLine(_ title: String, fonts: FontSet, layout: CarouselLayout) -> TextLine {
        LineLayout.layout(
            title, chain: fonts.title,
            pixelSize: BannerStyle.pixels(BannerStyle.standard.titlePoints, scale: layout.scale),
            maxWidth: layout.bannerWidthPixels - 2 * textInset(layout))
    }

    /// The text inset in pixels: the title's line box starts this far below the banner's top edge.
    static func textInset(_ layout: CarouselLayout) -> Int {
        BannerStyle.pixels(BannerStyle.standard.textInset, scale: layout.scale)
    }

    static func frame(title: String, fonts: FontSet) throws -> GoldenFrame.Frame {
        var banners = Array(GoldenFrame.banners(3))
        banners[0].title = title
        return try GoldenFrame.Scene(banners: BannerList(banners)).restFrame(fonts: fonts)
    }

    @Test func longTitleEndsInAnEllipsisWithinTheBanner() throws {
        let fonts = try GoldenFrame.fonts()
        let frame = try Self.frame(title: Self.long, fonts: fonts)
        try GoldenFrame.expectMatches(frame.bitmap, "title-ellipsis")
        let layout = frame.carousel.layout
        let line = Self.titleLine(Self.long, fonts: fonts, layout: layout)
        let face = try #require(fonts.title.face(covering: ["\u{2026}"]))
        #expect(line.isTruncated)
        #expect(line.glyphs.last?.glyph == fonts.title.faces[face].glyphIndex(for: "\u{2026}"))
        #expect(line.glyphs.last?.face == face)
        #expect(line.advance <= (layout.bannerWidthPixels - 2 * Self.textInset(layout)) << 6)  // 26.6 fixed point
        // Nothing of the title reaches the banner's right text inset: those columns keep the banner colour.
        let colour = GoldenFrame.banners(1)[0].background.argb
        let right = layout.insetPixels + layout.bannerWidthPixels
        for y
            in (layout.topInsetPixels + Self.textInset(layout))..<(layout.topInsetPixels + Self.textInset(layout)
            + line.metrics.height)
        {
            #expect(((right - 12)..<right).allSatisfy { frame.bitmap[$0, y] == colour }, "row \(y)")
        }
    }

    @Test(arguments: [(cyrillic, "title-cyrillic", 0), (cjk, "title-cjk", 1)])
    func nonLatinTitleUsesTheRightFaceAndMatchesGolden(title: String, golden: String, face: Int) throws {
        let fonts = try GoldenFrame.fonts()
        let frame = try Self.frame(title: title, fonts: fonts)
        try GoldenFrame.expectMatches(frame.bitmap, golden)
        // Every letter has a glyph (no boxes), from DejaVu for Cyrillic and the CJK fallback for Chinese.
        for scalar in title.unicodeScalars where scalar != " " {
            #expect(fonts.title.face(covering: [scalar]) == face, "U+\(String(scalar.value, radix: 16))")
        }
        let line = Self.titleLine(title, fonts: fonts, layout: frame.carousel.layout)
        #expect(!line.isTruncated)
        // The title is drawn: the centre banner's title band holds more than its flat colour.
        let layout = frame.carousel.layout
        let colour = GoldenFrame.banners(1)[0].background.argb
        let top = layout.topInsetPixels + Self.textInset(layout)
        let columns = layout.insetPixels..<(layout.insetPixels + layout.bannerWidthPixels)
        var inked = 0
        for y in top..<(top + line.metrics.height) {
            inked += columns.count { frame.bitmap[$0, y] != colour }
        }
        #expect(inked > line.glyphs.count * 10)
    }
}
