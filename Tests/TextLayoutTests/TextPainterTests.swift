import Raster
import Testing

@testable import TextLayout

@Suite struct TextPainterTests {
    let chain = FontChain(fakes: [FakeFace.latin()])

    @Test func maskPlacesGlyphBoxesFromPenAndBearing() {
        let line = LineLayout.layout("AB", chain: chain, pixelSize: 20)
        let m = TextPainter.mask(line, chain: chain)
        #expect(m.penX == 0 && m.baseline == 10)
        #expect(m.mask.width == 20 && m.mask.height == 13)
        // Glyph A covers x 1..<9, rows 0..<10; B covers 11..<19.
        #expect(m.mask[0, 5] == 0 && m.mask[1, 0] == 255 && m.mask[8, 9] == 255 && m.mask[9, 5] == 0)
        #expect(m.mask[11, 5] == 255 && m.mask[1, 10] == 0)
    }

    @Test func whiteTextWithShadowOverColour() {
        var b = Bitmap(width: 40, height: 30, color: Color(rgb: 0x4060A0))
        let line = LineLayout.layout("A", chain: chain, pixelSize: 20)
        let shadow = TextShadow(color: .black, offsetX: 3, offsetY: 3, blurRadius: 0)
        TextPainter.draw(line, chain: chain, into: &b, x: 5, baseline: 15, color: .white, shadow: shadow)
        // Glyph box: x 6..<14, y 5..<15.
        #expect(b.color(x: 6, y: 5) == .white && b.color(x: 13, y: 14) == .white)
        // Shadow shows right of and below the glyph only.
        #expect(b.color(x: 15, y: 10) == .black && b.color(x: 10, y: 16) == .black)
        #expect(b.color(x: 5, y: 5) == Color(rgb: 0x4060A0) && b.color(x: 30, y: 25) == Color(rgb: 0x4060A0))
    }

    @Test func subtleShadowIsSoftAndTranslucent() {
        let s = TextShadow.subtle(pixelSize: 32)
        #expect(s.offsetX == 2 && s.blurRadius == 2 && s.color.alpha < 128)
        var m = AlphaMask(width: 5, height: 5)
        m[2, 2] = 225
        let blurred = m.blurred(radius: 1)
        #expect(blurred[2, 2] == 25 && blurred[1, 1] == 25 && blurred[0, 0] == 0)
        #expect(blurred.values.reduce(0) { $0 + Int($1) } == 225)
    }
}
