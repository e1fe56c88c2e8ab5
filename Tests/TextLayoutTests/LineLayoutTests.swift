import Raster
import Testing

@testable import TextLayout

@Suite struct LineLayoutTests {
    let latin = FakeFace.latin()
    let cjk = FakeFace.cjk()
    var chain: FontChain { FontChain(fakes: [latin, cjk]) }

    @Test func penAdvancesWithKerningWithinAFace() {
        let line = LineLayout.layout("AVA", chain: chain, pixelSize: 20)
        #expect(line.glyphs.map(\.penX) == [0, 8 * 64, 16 * 64])
        #expect(line.advance == 26 * 64 && line.width == 26)
        #expect(!line.isTruncated)
        #expect(line.metrics == LineMetrics(ascender: 10, descender: 3))
    }

    @Test func fallbackFacePicksUpMissingCharactersWithoutCrossFaceKerning() {
        let line = LineLayout.layout("A中V", chain: chain, pixelSize: 20)
        #expect(line.glyphs.map(\.face) == [0, 1, 0])
        #expect(line.glyphs.map(\.penX) == [0, 10 * 64, 26 * 64])
        // The first face that has a glyph wins, even if a later face has it too.
        #expect(chain.face(covering: ["A"]) == 0)
    }

    @Test func characterNoFaceHasShowsFirstFaceBox() {
        let line = LineLayout.layout("A\u{1F600}", chain: chain, pixelSize: 20)
        #expect(line.glyphs.count == 2 && line.glyphs[1].face == 0 && line.glyphs[1].glyph == 0)
    }

    @Test func uncoveredCharactersAreListedOnceAndInvisibleFormatCharactersSkipped() {
        // "A", a smiley nobody has (twice), variation selector 16, zero-width joiner, a tab (control).
        let text = "A\u{1F600}\u{FE0F}\u{200D}\u{1F600}\t中\u{E000}"
        #expect(LineLayout.uncovered(text, chain: chain) == ["\u{1F600}", "\u{E000}"])
        let line = LineLayout.layout(text, chain: chain, pixelSize: 20)
        // A, box, box, space (from the tab), 中, box: the selector and the joiner draw nothing.
        #expect(line.glyphs.map(\.glyph) == [65, 0, 0, 32, 0x4E2D, 0])
    }

    @Test func tooWideTextEndsInEllipsisWithinMaxWidth() {
        let line = LineLayout.layout("ABCDEFGH", chain: chain, pixelSize: 20, maxWidth: 50)
        #expect(line.isTruncated)
        // 3 letters (30 px) + ellipsis (12 px) = 42 ≤ 50; a 4th letter would make 52.
        #expect(line.glyphs.map(\.glyph) == [65, 66, 67, 0x2026])
        #expect(line.advance == 42 * 64 && line.width <= 50)
    }

    @Test func exactFitIsNotTruncated() {
        let line = LineLayout.layout("ABCDE", chain: chain, pixelSize: 20, maxWidth: 50)
        #expect(!line.isTruncated && line.glyphs.count == 5)
        let over = LineLayout.layout("ABCDE", chain: chain, pixelSize: 20, maxWidth: 49)
        #expect(over.isTruncated && over.width <= 49)
    }

    @Test func trailingSpacesBeforeEllipsisAreDropped() {
        let line = LineLayout.layout("AB  CDEFG", chain: chain, pixelSize: 20, maxWidth: 50)
        #expect(line.glyphs.map(\.glyph) == [65, 66, 0x2026])
    }

    @Test func threeFullStopsStandInForAMissingEllipsis() {
        let plain = FontChain(fakes: [FakeFace.latin(ellipsis: false)])
        let line = LineLayout.layout("ABCDEFGH", chain: plain, pixelSize: 20, maxWidth: 45)
        // 3 letters + "..." (12 px) = 42.
        #expect(line.glyphs.map(\.glyph) == [65, 66, 67, 46, 46, 46])
    }

    @Test func ellipsisThatCannotFitGivesEmptyLine() {
        let line = LineLayout.layout("ABC", chain: chain, pixelSize: 20, maxWidth: 5)
        #expect(line.glyphs.isEmpty && line.isTruncated && line.width == 0)
    }

    @Test func lineBreaksBecomeSpacesAndEmptyChainLaysOutNothing() {
        let line = LineLayout.layout("A\nB", chain: chain, pixelSize: 20)
        #expect(line.glyphs.map(\.glyph) == [65, 32, 66])
        #expect(LineLayout.layout("AB", chain: FontChain(fakes: []), pixelSize: 20).glyphs.isEmpty)
    }

    @Test func cacheRendersEachGlyphOncePerSize() {
        let face = FakeFace.latin()
        let c = FontChain(fakes: [face])
        func paint(_ text: String, _ size: Int, _ chain: FontChain) {
            _ = TextPainter.mask(LineLayout.layout(text, chain: chain, pixelSize: size), chain: chain)
        }
        paint("AAAA", 20, c)
        #expect(face.rendered == 1)
        paint("AB", 20, c)
        #expect(face.rendered == 2 && c.cache.hits >= 4)
        paint("A", 30, c)
        #expect(face.rendered == 3 && c.cache.count == 3)
        let small = GlyphCache(capacity: 2)
        let c2 = FontChain(fakes: [face], cache: small)
        paint("ABC", 20, c2)
        #expect(small.count <= 2)
    }

    let hebrew = FakeFace.hebrew()
    var world: FontChain { FontChain(fakes: [latin, hebrew, cjk]) }

    @Test func rightToLeftTextRunsRightToLeftAndKeepsItsDirection() {
        let line = LineLayout.layout("אבג", chain: world, pixelSize: 20)
        #expect(line.direction == .rightToLeft)
        #expect(line.glyphs.map(\.glyph) == [0x05D2, 0x05D1, 0x05D0])
        #expect(line.glyphs.map(\.penX) == [0, 640, 1280] && line.glyphs.allSatisfy { $0.face == 1 })
    }

    @Test func latinInsideRightToLeftTextKeepsItsOwnOrder() {
        // Logical: alef bet, space, C D, space, gimel dalet. Seen: dalet gimel, space, C D, space, bet alef.
        let line = LineLayout.layout("אב CD גד", chain: world, pixelSize: 20)
        #expect(line.glyphs.map(\.glyph) == [0x05D3, 0x05D2, 32, 67, 68, 32, 0x05D1, 0x05D0])
        #expect(line.glyphs.map(\.penX) == (0..<8).map { $0 * 640 })
    }

    @Test func rightToLeftWordInsideLatinTextIsReversedInPlace() {
        let line = LineLayout.layout("AB אבג CD", chain: world, pixelSize: 20)
        #expect(line.direction == .leftToRight)
        #expect(line.glyphs.map(\.glyph) == [65, 66, 32, 0x05D2, 0x05D1, 0x05D0, 32, 67, 68])
    }

    @Test func directionGivenOverridesTheFirstStrongCharacter() {
        let line = LineLayout.layout("AB", chain: world, pixelSize: 20, direction: .rightToLeft)
        #expect(line.direction == .rightToLeft)
        // Latin stays left to right inside a right-to-left paragraph.
        #expect(line.glyphs.map(\.glyph) == [65, 66])
    }

    @Test func rightToLeftEllipsisIsAtTheLogicalEndOnTheLeft() {
        let line = LineLayout.layout("אבגדהוזח", chain: world, pixelSize: 20, maxWidth: 50)
        #expect(line.isTruncated && line.direction == .rightToLeft)
        // Three letters (30 px) and the ellipsis (12 px): the ellipsis is seen first, at the left.
        #expect(line.glyphs.map(\.glyph) == [0x2026, 0x05D2, 0x05D1, 0x05D0])
        #expect(line.width <= 50)
    }

    @Test func ellipsisNeverCutsAGraphemeCluster() {
        // E with a combining acute is one character: a cut after E alone (40 px + 12) would fit in 55 px.
        let line = LineLayout.layout("ABCE\u{301}FG", chain: world, pixelSize: 20, maxWidth: 55)
        #expect(line.glyphs.map(\.glyph) == [65, 66, 67, 0x2026])
    }

    @Test func runsSplitByFaceDirectionAndScriptAndCommonCharactersStayInTheirRun() {
        let paragraph = ShapedParagraph("AB 中文 אב 12", chain: world, pixelSize: 20)
        #expect(paragraph.runs.map(\.face) == [0, 2, 0, 1, 0])
        #expect(paragraph.runs.map(\.range) == [0..<3, 3..<5, 5..<6, 6..<8, 8..<11])
        #expect(paragraph.runs.map(\.script.description) == ["Latn", "Hani", "Hani", "Hebr", "Hebr"])
        #expect(paragraph.runs.map(\.level) == [0, 0, 0, 1, 0])
    }

    @Test func emojiPreferAColourFaceUnlessTextIsAskedFor() {
        let text = FakeFace(name: "text", advances: ["\u{2615}": 10, "\u{2764}": 10, "A": 10])
        let colour = FakeFace(name: "colour", advances: ["\u{2615}": 12, "\u{2764}": 12, " ": 20])
        colour.hasColour = true
        let chain = FontChain(fakes: [text, colour])
        func faces(_ s: String) -> [Int] { ShapedParagraph(s, chain: chain, pixelSize: 20).runs.map(\.face) }
        #expect(faces("\u{2615}") == [1])  // ☕ is an emoji by default
        #expect(faces("\u{2615}\u{FE0E}") == [0])  // unless text presentation is asked for
        #expect(faces("\u{2764}") == [0])  // ❤ is text by default
        #expect(faces("\u{2764}\u{FE0F}") == [1])  // unless emoji presentation is asked for
        #expect(faces("A\u{2615}") == [0, 1])  // not kept in the text face like other common characters
        #expect(faces("\u{2615} A") == [1, 0])  // and a space after one is not the colour font's wide space
    }

    @Test func charactersNoConfiguredFaceHasComeFromTheFallbackOnce() {
        let fallback = FakeFallback(FakeFace.hebrew(), problems: ["installed font broken.ttf: FT_New_Face failed"])
        let chain = FontChain(faces: [latin], analyzer: FakeAnalyzer(), fallback: fallback)
        #expect(chain.covers("א") && !chain.covers("中"))
        let line = LineLayout.layout("AB אב", chain: chain, pixelSize: 20)
        // The fallback's face joins the chain once; later letters of it are found there without asking again.
        #expect(chain.faces.count == 2 && line.glyphs.map(\.face) == [0, 0, 0, 1, 1])
        let asked = fallback.asked
        _ = LineLayout.layout("גד", chain: chain, pixelSize: 20)
        #expect(fallback.asked == asked && chain.faces.count == 2)
        #expect(chain.takeFallbackProblems() == ["installed font broken.ttf: FT_New_Face failed"])
        #expect(chain.takeFallbackProblems().isEmpty)
        #expect(LineLayout.uncovered("A中", chain: chain) == ["中"])
    }

    @Test func hostileTextIsBounded() {
        let marks = ShapedParagraph("A" + String(repeating: "\u{301}", count: 500), chain: world, pixelSize: 20)
        #expect(marks.scalars.count == 1 + PreparedText.maxMarksInARow && marks.graphemes.count == 1)
        let long = ShapedParagraph(String(repeating: "AB", count: 5000), chain: world, pixelSize: 20)
        #expect(long.scalars.count == PreparedText.maxScalars)
        #expect(PreparedText("A" + String(repeating: "\u{301}", count: 500)).marksDropped == 470)
        let disguised = PreparedText("invoice\u{202E}fdp.exe \u{2067}x\u{2069}\u{202E}")
        #expect(disguised.bidiControls == ["\u{202E}", "\u{2067}", "\u{2069}"])
    }

    @Test func bidiReorderReversesFromTheHighestLevelDown() {
        #expect(BidiReorder.visualOrder(levels: [0, 0]) == [0, 1])
        #expect(BidiReorder.visualOrder(levels: [1, 1, 1]) == [2, 1, 0])
        #expect(BidiReorder.visualOrder(levels: [1, 2, 2, 1]) == [3, 1, 2, 0])
        #expect(BidiReorder.visualOrder(levels: [0, 1, 2, 1, 0]) == [0, 3, 2, 1, 4])
        #expect(BidiReorder.visualOrder(levels: []) == [])
    }

    @Test func scriptTagsReadAsTheirLetters() {
        #expect(ScriptTag("Arab").description == "Arab" && ScriptTag("Arab").rawValue == 0x4172_6162)
        #expect(ScriptTag.common.isNeutral && !ScriptTag("Latn").isNeutral)
        #expect(TextDirection(level: 3) == .rightToLeft && TextDirection.rightToLeft.level == 1)
    }

    @Test func pointsTimesScaleGivesPixelSize() {
        #expect(LineLayout.pixelSize(points: 28, scale: 1.5) == 42)
        #expect(LineLayout.pixelSize(points: 18, scale: 0.01) == 1)
        #expect(LineLayout.pixelSize(points: .nan, scale: 1) == 1)
        #expect(LineLayout.layout("A", chain: chain, points: 10, scale: 2).pixelSize == 20)
    }
}
