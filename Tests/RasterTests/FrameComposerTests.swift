import Testing

@testable import Raster

@Suite struct FrameComposerTests {
    static let bg = Color(rgb: 0x102030)

    /// A bitmap whose every pixel is distinct, so a misplaced pixel cannot pass.
    static func numbered(_ w: Int, _ h: Int, alphaAt: ((Int, Int) -> UInt8)? = nil) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = alphaAt?(x, y) ?? 255
                b[x, y] =
                    Color(red: UInt8(10 + x * 20), green: UInt8(10 + y * 30), blue: 77, alpha: a).premultipliedARGB
            }
        }
        return b
    }

    /// Reference: for each target pixel, the logical pixel it shows, the topmost bitmap there over `bg`.
    static func expected(
        tx: Int, ty: Int, rotation: Rotation, lw: Int, lh: Int, items: [(Bitmap, Int, Int)]
    ) -> UInt32 {
        let l = rotation.logicalPoint(targetX: tx, targetY: ty, logicalWidth: lw, logicalHeight: lh)
        for (b, x, y) in items.reversed() {
            if let c = b.color(x: l.x - x, y: l.y - y) {
                return PixelMath.sourceOver(c.premultipliedARGB, bg.premultipliedARGB)
            }
        }
        return bg.premultipliedARGB
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func everyTargetPixelMatchesReferenceWithClippingAtAllEdges(rotation: Rotation, format: PixelFormat) {
        let lw = 9
        let lh = 6
        let t = rotation.targetSize(logicalWidth: lw, logicalHeight: lh)
        let storage = PixelBufferStorage(width: t.width, height: t.height, format: format, stride: t.width * 4 + 12)
        let composer = FrameComposer(rotation: rotation)
        let soft = Self.numbered(4, 3) { x, y in (x == 0 && y == 0) ? 100 : (x == 3 ? 200 : 255) }
        let sprite = composer.prepare(soft)
        // Off the left, top, right, bottom edges, a corner, wholly outside, and fully inside.
        let positions = [(-2, 1), (3, -2), (7, 2), (2, 4), (-3, -2), (8, 5), (20, 1), (-4, 0), (3, 1), (0, 0)]
        for (px, py) in positions {
            composer.compose(
                background: Self.bg, placements: [Placement(sprite, x: px, y: py)], into: storage.buffer)
            for ty in 0..<t.height {
                for tx in 0..<t.width {
                    let want = Self.expected(
                        tx: tx, ty: ty, rotation: rotation, lw: lw, lh: lh, items: [(soft, px, py)])
                    let wantOut = format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(want)) : want
                    #expect(storage.buffer.xrgb(x: tx, y: ty) == wantOut, "at \(px),\(py) target \(tx),\(ty)")
                }
            }
        }
    }

    @Test func placementsOverlapInOrderAndLeaveGapsBackground() {
        let storage = PixelBufferStorage(width: 10, height: 2, format: .xrgb8888)
        let composer = FrameComposer(rotation: .none)
        let red = composer.prepare(Bitmap(width: 3, height: 2, color: Color(rgb: 0xFF0000)))
        let blue = composer.prepare(Bitmap(width: 3, height: 2, color: Color(rgb: 0x0000FF)))
        composer.compose(
            background: Self.bg, placements: [Placement(red, x: 1, y: 0), Placement(blue, x: 3, y: 0)],
            into: storage.buffer)
        let row = (0..<10).map { storage.buffer.xrgb(x: $0, y: 1) }
        let b: UInt32 = 0xFF10_2030
        #expect(row == [b, 0xFFFF_0000, 0xFFFF_0000, 0xFF00_00FF, 0xFF00_00FF, 0xFF00_00FF, b, b, b, b])
    }

    @Test func handWorkedEdgePixelsAt90Degrees() {
        // Logical 4×2 screen shown turned clockwise: the target is 2 wide, 4 tall.
        let storage = PixelBufferStorage(width: 2, height: 4, format: .xrgb8888)
        let composer = FrameComposer(rotation: .clockwise90)
        var b = Bitmap(width: 2, height: 1, color: Color(rgb: 0x00FF00))
        b[0, 0] = Color(rgb: 0xFF0000).premultipliedARGB
        // Logical (3, 1) is the bottom-right; the bitmap's red left pixel lands there, green falls off the right.
        composer.compose(
            background: .black, placements: [Placement(composer.prepare(b), x: 3, y: 1)], into: storage.buffer)
        // Logical (3, 1) → target (2 − 1 − 1, 3) = (0, 3).
        #expect(storage.buffer.xrgb(x: 0, y: 3) == 0xFFFF_0000)
        #expect(storage.buffer.xrgb(x: 1, y: 3) == 0xFF00_0000)
        #expect(storage.buffer.xrgb(x: 0, y: 0) == 0xFF00_0000)
    }

    @Test func rgb565TargetGetsPackedWords() {
        let storage = PixelBufferStorage(width: 3, height: 1, format: .rgb565)
        let composer = FrameComposer(rotation: .none)
        let b = Bitmap(width: 1, height: 1, color: Color(rgb: 0xFF8040))
        composer.compose(
            background: .white, placements: [Placement(composer.prepare(b), x: 1, y: 0)], into: storage.buffer)
        #expect(storage.buffer.rgb565(x: 0, y: 0) == 0xFFFF)
        #expect(storage.buffer.rgb565(x: 1, y: 0) == 0b11111_100000_01000)
        #expect(storage.buffer.rgb565(x: 2, y: 0) == 0xFFFF)
    }

    @Test func spriteIndexesOpaqueRunsPerRow() {
        var b = Bitmap(width: 6, height: 3, color: .white)
        b.roundCorners(radius: 2)
        let s = Sprite(b, rotation: .none)
        #expect(s.opaqueRun(row: 0).lowerBound > 0 && s.opaqueRun(row: 0).upperBound < 6)
        #expect(s.opaqueRun(row: 1).lowerBound >= 0 && s.opaqueRun(row: 1).upperBound <= 6)
        var hole = Bitmap(width: 4, height: 1, color: .white)
        hole[2, 0] = 0
        #expect(Sprite.opaqueRun(hole, row: 0) == 0..<0)
    }
}
