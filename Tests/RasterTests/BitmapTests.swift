import Testing

@testable import Raster

@Suite struct BitmapTests {
    @Test func differenceCountsThePixelsAndTheLargestChannel() {
        let grey = Bitmap(width: 4, height: 3, color: Color(red: 100, green: 100, blue: 100))
        var other = grey
        other[1, 1] = 0xFF64_6E64  // green 10 more
        other[3, 2] = 0xFF00_6464  // red 100 less
        #expect(grey.difference(from: grey) == (0, 0))
        #expect(grey.difference(from: other) == (2, 100))
        // Pixels only one of them has differ: a 4x3 against a 5x2 shares 4x2, and has 4 + 2 of its own.
        #expect(
            grey.difference(from: Bitmap(width: 5, height: 2, color: Color(red: 100, green: 100, blue: 100))) == (6, 0))
    }

    /// Area of the unit pixel (px, py) inside the corner arc, by fine midpoint integration (independent of the
    /// sub-sampling the code uses).
    static func referenceCoverage(px: Int, py: Int, r: Double) -> Double {
        let steps = 400
        var area = 0.0
        for i in 0..<steps {
            let x = Double(px) + (Double(i) + 0.5) / Double(steps)
            let dx = max(0, r - x)
            guard dx <= r else { continue }
            let yMin = r - (r * r - dx * dx).squareRoot()  // arc's y at this x; inside when y ≥ yMin
            let lo = max(Double(py), yMin)
            area += max(0, Double(py + 1) - lo) / Double(steps)
        }
        return area
    }

    @Test func cornerCoverageMatchesAreaInsideArc() {
        for r in [1, 4, 8, 13] {
            for py in 0..<r {
                for px in 0..<r {
                    let got = Double(Bitmap.cornerCoverage(px: px, py: py, radius: r))
                    let want = Self.referenceCoverage(px: px, py: py, r: Double(r)) * 255
                    #expect(abs(got - want) <= 3, "r=\(r) px=\(px) py=\(py) got \(got) want \(want)")
                }
            }
        }
        #expect(Bitmap.cornerCoverage(px: 0, py: 0, radius: 8) == 0)
        #expect(Bitmap.cornerCoverage(px: 7, py: 7, radius: 8) == 255)
    }

    @Test func roundCornersTouchesOnlyCornerPixelsSymmetrically() {
        let w = 20
        let h = 12
        var b = Bitmap(width: w, height: h, color: Color(rgb: 0x336699))
        b.roundCorners(radius: 5)
        for y in 0..<h {
            for x in 0..<w {
                let a = b[x, y] >> 24
                let inCorner = (x < 5 || x >= w - 5) && (y < 5 || y >= h - 5)
                if !inCorner { #expect(a == 255, "\(x),\(y)") }
                #expect(a == b[w - 1 - x, y] >> 24 && a == b[x, h - 1 - y] >> 24)
            }
        }
        #expect(b[0, 0] == 0)
        // Premultiplied: colour channels scaled with alpha.
        let edge = b[1, 1]
        #expect((edge >> 16) & 0xFF <= edge >> 24)
        // Radius larger than half the side is clamped, not a crash.
        var tiny = Bitmap(width: 3, height: 3, color: .white)
        tiny.roundCorners(radius: 50)
        #expect(tiny[1, 1] >> 24 == 255)
    }

    /// A mask measured once lays the same corners as measuring them afresh, frame after frame; one made for a larger
    /// bitmap is measured again for the smaller one rather than overlapping its corners.
    @Test func aCornerMaskMeasuredOnceRoundsLikeARadius() {
        let mask = CornerMask(radius: 7, width: 40, height: 30)
        for frame in 0..<3 {
            var once = Bitmap(width: 40, height: 30, color: Color(rgb: 0x102030 + UInt32(frame)))
            var afresh = once
            once.roundCorners(mask)
            afresh.roundCorners(radius: 7)
            #expect(once.pixels == afresh.pixels, "frame \(frame)")
        }
        var small = Bitmap(width: 6, height: 20, color: .white)
        var clamped = small
        small.roundCorners(mask)
        clamped.roundCorners(radius: 3)
        #expect(small.pixels == clamped.pixels)
    }

    @Test func drawClipsAtEveryEdge() {
        for (x, y) in [(-1, -1), (2, -1), (-1, 2), (2, 2), (5, 5), (-3, 0)] {
            var dst = Bitmap(width: 4, height: 4, color: .black)
            let src = FrameComposerTests.numbered(3, 3)
            dst.draw(src, x: x, y: y)
            for ty in 0..<4 {
                for tx in 0..<4 {
                    let want = src.color(x: tx - x, y: ty - y).map(\.premultipliedARGB) ?? 0xFF00_0000
                    #expect(dst[tx, ty] == want)
                }
            }
        }
    }

    @Test func fillRectClipsAndBlendComposites() {
        var b = Bitmap(width: 3, height: 3, color: .black)
        b.fill(PixelRect(x: 2, y: -5, width: 10, height: 6), with: .white)
        #expect(b[2, 0] == 0xFFFF_FFFF && b[1, 0] == 0xFF00_0000 && b[2, 1] == 0xFF00_0000)
        b.blend(PixelRect(x: 0, y: 2, width: 1, height: 1), with: Color(red: 255, green: 255, blue: 255, alpha: 51))
        #expect(b[0, 2] == 0xFF33_3333)
    }
}
