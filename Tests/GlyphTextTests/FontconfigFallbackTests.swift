import Testing
import TextLayout

@testable import GlyphText

/// Characters no configured font has, found among the installed fonts (Debian's fonts-noto-core) by fontconfig.
@Suite struct FontconfigFallbackTests {
    @Test(arguments: [("नमस्ते दुनिया", "Devanagari"), ("স্বাগতম", "Bengali"), ("สวัสดีครับ", "Thai")])
    func scriptsMissingFromTheChainComeFromAnInstalledFont(text: String, script: String) throws {
        let fonts = try FontSet()
        let configured = fonts.title.faces.count
        #expect(LineLayout.uncovered(text, chain: fonts.title).isEmpty)
        let line = LineLayout.layout(text, chain: fonts.title, pixelSize: 32)
        #expect(line.glyphs.allSatisfy { $0.glyph != 0 }, "no boxes")
        // One installed face was added for the script, bold for the title chain, regular for the body chain.
        #expect(fonts.title.faces.count == configured + 1)
        let added = fonts.title.faces[configured].name
        #expect(added.contains(script) && added.contains("Bold"), "\(added)")
        _ = LineLayout.layout(text, chain: fonts.body, pixelSize: 32)
        let body = try #require(fonts.body.faces.last?.name)
        #expect(body.contains(script) && body.contains("Regular"), "\(body)")
    }

    @Test func charactersNoInstalledFontHasStayBoxesAndAreReported() throws {
        let fonts = try FontSet()
        // A private-use character: no font of the tests' fontconfig configuration has it (CFontconfigTesting).
        #expect(LineLayout.uncovered("A\u{F8FF}", chain: fonts.title) == ["\u{F8FF}"])
        let line = LineLayout.layout("A\u{F8FF}", chain: fonts.title, pixelSize: 32)
        #expect(line.glyphs.map(\.glyph).last == 0)
    }

    @Test func configuredFontsComeFirst() throws {
        let fonts = try FontSet()
        // DejaVu has Latin and Cyrillic: no installed font is added for them.
        _ = LineLayout.layout("Hello Привет", chain: fonts.title, pixelSize: 32)
        #expect(fonts.title.faces.count == FontPaths.debian.title.count)
    }

    @Test func withoutFallbackOnlyTheConfiguredFontsAreUsed() throws {
        let fonts = try FontSet(fallback: false)
        #expect(LineLayout.uncovered("नमस्ते", chain: fonts.title).count == 6)
    }
}
