import Testing

@testable import Raster

@Suite struct AreaAveragerTests {
    /// Straight-alpha pixels with every channel varying, a quarter of them translucent.
    static func pixel(_ x: Int, _ y: Int) -> UInt32 {
        let alpha: UInt32 = (x + 2 * y) % 4 == 0 ? 100 : 255
        return alpha << 24 | UInt32((x * 29 + y) & 0xFF) << 16 | UInt32((y * 41) & 0xFF) << 8 | UInt32((x ^ y) & 0xFF)
    }

    static func average(
        width: Int, height: Int, into size: (Int, Int), rowOrder: [Int]? = nil
    ) -> Bitmap {
        var averager = AreaAverager(
            sourceWidth: width, sourceHeight: height, width: size.0, height: size.1, anyRowOrder: rowOrder != nil)
        for y in rowOrder ?? Array(0..<height) {
            let row = (0..<width).map { pixel($0, y) }
            row.withUnsafeBufferPointer { averager.add(row: $0, y: y) }
        }
        return averager.finish()
    }

    @Test func wholeRatioIsTheRoundedMeanOfEachBlockOfPremultipliedPixels() {
        let out = Self.average(width: 12, height: 9, into: (4, 3))
        #expect(out.width == 4 && out.height == 3)
        for oy in 0..<3 {
            for ox in 0..<4 {
                var sums = [UInt32](repeating: 0, count: 4)
                for y in oy * 3..<oy * 3 + 3 {
                    for x in ox * 3..<ox * 3 + 3 {
                        let p = Color(argb: Self.pixel(x, y)).premultipliedARGB
                        for c in 0..<4 { sums[c] += p >> (8 * UInt32(c)) & 0xFF }
                    }
                }
                var expected: UInt32 = 0
                for c in 0..<4 {
                    let rounded: UInt32 = (sums[c] + 4) / 9
                    expected |= rounded << (8 * UInt32(c))
                }
                #expect(out[ox, oy] == expected)
            }
        }
    }

    @Test func rowsInAnyOrderGiveTheSameResultAsTopToBottom() {
        let ordered = Self.average(width: 53, height: 41, into: (10, 7))
        // Even rows bottom to top, then the odd rows (which Adam7 sends in its last pass).
        let order = (0..<41).filter { $0 % 2 == 0 }.reversed() + (0..<41).filter { $0 % 2 == 1 }
        let shuffled = Self.average(width: 53, height: 41, into: (10, 7), rowOrder: order)
        #expect(shuffled.pixels == ordered.pixels)
    }

    @Test func stridedRowsLandWhereTheirPixelsSit() {
        // Two half rows (even columns, then odd ones) add up to the whole row.
        var split = AreaAverager(sourceWidth: 8, sourceHeight: 2, width: 2, height: 1, anyRowOrder: true)
        var whole = AreaAverager(sourceWidth: 8, sourceHeight: 2, width: 2, height: 1, anyRowOrder: false)
        for y in 0..<2 {
            let row = (0..<8).map { Self.pixel($0, y) }
            row.withUnsafeBufferPointer { whole.add(row: $0, y: y) }
            for first in 0..<2 {
                let half = stride(from: first, to: 8, by: 2).map { Self.pixel($0, y) }
                half.withUnsafeBufferPointer { split.add(row: $0, y: y, firstColumn: first, columnStep: 2) }
            }
        }
        #expect(split.finish().pixels == whole.finish().pixels)
    }

    @Test func outputIsNeverLargerThanTheSource() {
        let same = AreaAverager(sourceWidth: 5, sourceHeight: 3, width: 50, height: 30, anyRowOrder: false)
        #expect(same.width == 5 && same.height == 3)
    }

    /// Where an output pixel's footprint splits source pixels, it matches the resampler on the whole image.
    @Test(arguments: [(53, 41, 10, 7), (97, 13, 30, 4), (8, 300, 3, 299)])
    func fractionalFootprintsMatchTheResampler(width: Int, height: Int, outWidth: Int, outHeight: Int) {
        var whole = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { whole[x, y] = Color(argb: Self.pixel(x, y)).premultipliedARGB }
        }
        let resampled = whole.scaled(width: outWidth, height: outHeight)
        let averaged = Self.average(width: width, height: height, into: (outWidth, outHeight))
        var worst = 0
        for (p, q) in zip(resampled.pixels, averaged.pixels) {
            for c in 0..<4 {
                let a = Int(p >> (8 * UInt32(c)) & 0xFF)
                let b = Int(q >> (8 * UInt32(c)) & 0xFF)
                worst = max(worst, abs(a - b))
            }
        }
        #expect(averaged.width == outWidth && averaged.height == outHeight)
        #expect(worst <= 1)
    }

    @Test func opaqueWhiteStaysExactlyWhite() {
        var averager = AreaAverager(sourceWidth: 97, sourceHeight: 31, width: 13, height: 5, anyRowOrder: false)
        let row = [UInt32](repeating: 0xFFFF_FFFF, count: 97)
        for y in 0..<31 { row.withUnsafeBufferPointer { averager.add(row: $0, y: y) } }
        #expect(averager.finish().pixels.allSatisfy { $0 == 0xFFFF_FFFF })
    }
}
