import Raster
import Testing

@testable import TextLayout

@Suite struct LineLayoutTests {
    let latin = FakeFace.latin()
    let cjk = FakeFace.cjk()
    var chain: FontChain { FontChain(faces: [latin, cjk]) }

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
        #expect(chain.resolve("A")?.face == 0)
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
        let plain = FontChain(faces: [FakeFace.latin(ellipsis: false)])
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
        #expect(LineLayout.layout("AB", chain: FontChain(faces: []), pixelSize: 20).glyphs.isEmpty)
    }

    @Test func cacheRendersEachGlyphOncePerSize() {
        let face = FakeFace.latin()
        let c = FontChain(faces: [face])
        _ = LineLayout.layout("AAAA", chain: c, pixelSize: 20)
        #expect(face.rendered == 1)
        _ = LineLayout.layout("AB", chain: c, pixelSize: 20)
        #expect(face.rendered == 2 && c.cache.hits >= 4)
        _ = LineLayout.layout("A", chain: c, pixelSize: 30)
        #expect(face.rendered == 3 && c.cache.count == 3)
        let small = GlyphCache(capacity: 2)
        let c2 = FontChain(faces: [face], cache: small)
        _ = LineLayout.layout("ABC", chain: c2, pixelSize: 20)
        #expect(small.count <= 2)
    }

    @Test func pointsTimesScaleGivesPixelSize() {
        #expect(LineLayout.pixelSize(points: 28, scale: 1.5) == 42)
        #expect(LineLayout.pixelSize(points: 18, scale: 0.01) == 1)
        #expect(LineLayout.pixelSize(points: .nan, scale: 1) == 1)
        #expect(LineLayout.layout("A", chain: chain, points: 10, scale: 2).pixelSize == 20)
    }
}
