import Testing

@testable import Raster

@Suite struct ResamplerTests {
    static func gray(_ values: [[UInt8]]) -> Bitmap {
        var b = Bitmap(width: values[0].count, height: values.count)
        for (y, row) in values.enumerated() {
            for (x, v) in row.enumerated() { b[x, y] = Color(red: v, green: v, blue: v).premultipliedARGB }
        }
        return b
    }

    @Test func halvingAveragesEachTwoByTwoBlock() {
        let b = Self.gray([[0, 100, 200, 200], [100, 200, 0, 0], [10, 10, 50, 50], [10, 10, 50, 50]])
        let s = b.scaled(width: 2, height: 2)
        #expect(s.color(x: 0, y: 0)?.red == 100)
        #expect(s.color(x: 1, y: 0)?.red == 100)
        #expect(s.color(x: 0, y: 1)?.red == 10)
        #expect(s.color(x: 1, y: 1)?.red == 50)
    }

    @Test func fractionalRatioWeighsPartialPixelsByOverlap() {
        // 3 → 2: each output covers 1.5 source pixels.
        let s = Self.gray([[0, 90, 180]]).scaled(width: 2, height: 1)
        #expect(s.color(x: 0, y: 0)?.red == 30)  // (0·1 + 90·0.5) / 1.5
        #expect(s.color(x: 1, y: 0)?.red == 150)  // (90·0.5 + 180·1) / 1.5
    }

    @Test func constantImageStaysConstantAtAnySize() {
        let b = Bitmap(width: 7, height: 5, color: Color(red: 12, green: 200, blue: 99, alpha: 180))
        for (w, h) in [(3, 2), (1, 1), (13, 11), (7, 5), (20, 1)] {
            let s = b.scaled(width: w, height: h)
            for p in s.pixels { #expect(p == b.pixels[0]) }
        }
    }

    @Test func scaleToFillCropsTheCentre() {
        // Three vertical thirds: red, green, blue. Filling a square shows only the middle third.
        var b = Bitmap(width: 300, height: 100)
        b.fill(PixelRect(x: 0, y: 0, width: 100, height: 100), with: Color(rgb: 0xFF0000))
        b.fill(PixelRect(x: 100, y: 0, width: 100, height: 100), with: Color(rgb: 0x00FF00))
        b.fill(PixelRect(x: 200, y: 0, width: 100, height: 100), with: Color(rgb: 0x0000FF))
        let s = b.scaledToFill(width: 10, height: 10)
        #expect(s.width == 10 && s.height == 10)
        for p in s.pixels { #expect(p == 0xFF00_FF00) }
        // Tall target from a wide image upscales the middle too.
        let tall = b.scaledToFill(width: 20, height: 200)
        #expect(tall.color(x: 10, y: 100) == Color(rgb: 0x00FF00))
    }

    @Test func transparentPixelsDoNotBleedColour() {
        var b = Bitmap(width: 2, height: 1)
        b[0, 0] = Color(rgb: 0xFF0000).premultipliedARGB
        let s = b.scaled(width: 1, height: 1)
        let c = s.color(x: 0, y: 0)
        #expect(c?.alpha == 128 && c?.red == 255 && c?.green == 0)
    }
}
