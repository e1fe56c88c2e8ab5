import Raster
import Testing
import TextLayout

@testable import GlyphText

@Suite struct FreeTypeFontTests {
    static let dejavuBold = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"

    @Test func debianFontsLoadIntoBothChains() throws {
        let fonts = try FontSet()
        #expect(fonts.problems.isEmpty)
        #expect(fonts.title.faces.count == 4 && fonts.body.faces.count == 4)
        let m = fonts.title.lineMetrics(pixelSize: 32)
        #expect(m.ascender >= 24 && m.ascender <= 40 && m.descender >= 5 && m.descender <= 14)
    }

    @Test func latinCyrillicAndCJKResolveThroughTheChain() throws {
        let fonts = try FontSet()
        for s in "Hello Привет".unicodeScalars { #expect(fonts.title.face(covering: [s]) == 0) }
        for s in "中文字幕".unicodeScalars { #expect(fonts.title.face(covering: [s]) == 1) }
        let line = LineLayout.layout("Sale 特价 Скидка", chain: fonts.title, pixelSize: 24)
        #expect(Set(line.glyphs.map(\.face)) == [0, 1])
        #expect(line.glyphs.allSatisfy { $0.glyph != 0 })
    }

    @Test func kerningTightensAV() throws {
        let fonts = try FontSet()
        let pair = LineLayout.layout("AV", chain: fonts.title, pixelSize: 48).advance
        let apart =
            LineLayout.layout("A", chain: fonts.title, pixelSize: 48).advance
            + LineLayout.layout("V", chain: fonts.title, pixelSize: 48).advance
        #expect(pair < apart)
    }

    @Test func realGlyphsRenderWithCoverage() throws {
        let fonts = try FontSet()
        let g = try #require(fonts.body.image(face: 0, glyph: fonts.body.faces[0].glyphIndex(for: "H"), pixelSize: 40))
        #expect(g.width > 10 && g.height > 20 && g.top > 20 && g.advance > 20 * 64)
        #expect(g.coverage.contains(255) && g.coverage.contains(0))
    }

    @Test func longTitleIsEllipsizedToWidth() throws {
        let fonts = try FontSet()
        let line = LineLayout.layout(
            "Grand opening this weekend: everything half price", chain: fonts.title, pixelSize: 32, maxWidth: 300)
        #expect(line.isTruncated && line.width <= 300 && line.width > 200)
        #expect(line.glyphs.last?.glyph == fonts.title.faces[0].glyphIndex(for: "\u{2026}"))
    }

    @Test func missingFontFallsBackAndIsReported() throws {
        let paths = FontPaths(title: ["/nonexistent/Bold.ttf", Self.dejavuBold], body: [Self.dejavuBold])
        let fonts = try FontSet(paths: paths)
        #expect(fonts.title.faces.count == 1)
        #expect(fonts.problems == [FreeTypeError(call: "FT_New_Face", code: 1, path: "/nonexistent/Bold.ttf")])
        #expect(
            fonts.problems[0].description
                == "/nonexistent/Bold.ttf: FT_New_Face failed: cannot open resource; check the font path and permissions"
        )
    }

    @Test func chainWithNoUsableFontIsEmptyAndReported() throws {
        let paths = FontPaths(title: ["/etc/hostname"], body: [Self.dejavuBold])
        let fonts = try FontSet(paths: paths)
        #expect(fonts.title.faces.isEmpty && fonts.body.faces.count == 1)
        #expect(fonts.problems.map(\.code) == [2] && fonts.problems[0].path == "/etc/hostname")
        #expect(LineLayout.layout("Hi", chain: fonts.title, pixelSize: 20).glyphs.isEmpty)
    }

    @Test func emojiComeInColourScaledToTheTextSize() throws {
        let fonts = try FontSet()
        #expect(fonts.problems.isEmpty)
        // ☕ (Emoji_Presentation) from the colour font even though Symbola has it in outline.
        for (text, size) in [("\u{2615}", 32), ("\u{1F600}", 20), ("\u{1F44D}\u{1F3FD}", 64)] {
            let line = LineLayout.layout(text, chain: fonts.title, pixelSize: size)
            let glyph = try #require(line.glyphs.first)
            #expect(line.glyphs.count == 1 && fonts.title.faces[glyph.face].hasColour, "\(text)")
            let image = try #require(fonts.title.image(face: glyph.face, glyph: glyph.glyph, pixelSize: size))
            let colour = try #require(image.colour)
            // The 109 px strike scaled to about the text size, in colour (channels differ), with soft edges.
            #expect(abs(colour.height - size) <= size / 4 && abs(colour.width - size) <= size / 3, "\(text) \(size)")
            #expect(colour.pixels.contains { ($0 >> 16) & 0xFF != $0 & 0xFF })
            #expect(image.coverage.contains(255) && image.coverage.contains(0))
        }
    }

    @Test func textPresentationAndSymbolsStayMonochrome() throws {
        let fonts = try FontSet()
        // U+FE0E asks for text presentation: the first font that has ☕ in outline.
        let line = LineLayout.layout("\u{2615}\u{FE0E} ✓", chain: fonts.title, pixelSize: 32)
        #expect(line.glyphs.allSatisfy { !fonts.title.faces[$0.face].hasColour })
    }

    @Test func colourEmojiDrawInTheirOwnColoursOverTheShadow() throws {
        let fonts = try FontSet()
        var b = Bitmap(width: 120, height: 60, color: Color(rgb: 0x202020))
        let line = LineLayout.layout("A\u{1F34E}", chain: fonts.title, pixelSize: 40)
        TextPainter.draw(
            line, chain: fonts.title, into: &b, x: 4, baseline: 45, color: .white, shadow: .subtle(pixelSize: 40))
        // The apple is red: strongly red pixels, which white text and a black shadow never make.
        let red = b.pixels.filter { ($0 >> 16) & 0xFF > 180 && ($0 >> 8) & 0xFF < 80 }
        #expect(red.count > 100)
    }

    @Test func whiteTextWithShadowOnRealFont() throws {
        let fonts = try FontSet()
        var b = Bitmap(width: 200, height: 60, color: Color(rgb: 0xE0E0E0))
        let line = LineLayout.layout("Hi", chain: fonts.title, pixelSize: 40)
        TextPainter.draw(
            line, chain: fonts.title, into: &b, x: 10, baseline: 45, color: .white, shadow: .subtle(pixelSize: 40))
        let reds = b.pixels.map { Int(($0 >> 16) & 0xFF) }
        #expect(reds.contains(255))  // glyph interiors
        #expect(reds.contains { $0 < 0xC0 })  // shadow darkens the light background
        #expect(b.color(x: 199, y: 0) == Color(rgb: 0xE0E0E0))
    }
}
