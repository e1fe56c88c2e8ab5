import Testing

@testable import Raster

/// The row writer's paths by length: a few overlapping 2-, 4- or 8-byte stores, 16-byte stores, and memcpy (for
/// copies, and for fills from the background row), at every length either side of each threshold.
@Suite struct FrameComposerRunTests {
    /// Opaque, every column different (also as RGB565), rows different.
    static func stripes(_ w: Int, _ h: Int) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                b[x, y] =
                    Color(red: UInt8((x * 37 + 11) % 256), green: UInt8((x * 8 + y * 64) % 256), blue: 200)
                    .premultipliedARGB
            }
        }
        return b
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func copiesAndFillsOfEveryLengthMatchTheReference(format: PixelFormat) {
        let width = 160
        let storage = PixelBufferStorage(width: width, height: 2, format: format)
        let composer = FrameComposer(rotation: .none, format: format)
        let small = Self.stripes(5, 2)
        for w in 1...72 {
            let b = Self.stripes(w, 2)
            // Gaps of 1, 7 and 41 px between the two sprites; the fill after the second spans what is left.
            for gap in [1, 7, 41] {
                let items = [(b, 3, 0), (small, 3 + w + gap, 0)]
                composer.compose(
                    background: FrameComposerTests.bg,
                    placements: items.map { Placement(composer.prepare($0.0), x: $0.1, y: $0.2) },
                    into: storage.buffer)
                for ty in 0..<2 {
                    for tx in 0..<width {
                        let want = FrameComposerTests.expected(
                            tx: tx, ty: ty, rotation: .none, lw: width, lh: 2, items: items)
                        let wantOut = format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(want)) : want
                        #expect(storage.buffer.xrgb(x: tx, y: ty) == wantOut, "width \(w) gap \(gap) at \(tx),\(ty)")
                    }
                }
            }
        }
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func aSpriteFlattenedOverTheBackgroundComposesTheSamePixels(rotation: Rotation, format: PixelFormat) {
        let b = SpriteTests.awkward(7, 5)
        let bg = FrameComposerTests.bg
        let composer = FrameComposer(rotation: rotation, format: format)
        let flat = composer.prepare(b, over: bg)
        let turned = b.rotated(rotation)
        #expect(flat.opaqueRows == 0..<flat.height)
        for y in 0..<flat.height {
            #expect(flat.opaqueRun(row: y) == 0..<flat.width)
            for x in 0..<flat.width {
                let over = PixelMath.sourceOver(turned[x, y], bg.premultipliedARGB | 0xFF00_0000)
                let want = format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(over)) : over
                #expect(flat.premultipliedWord(x: x, y: y) == want, "\(x),\(y)")
            }
        }
        let t = rotation.targetSize(logicalWidth: 12, logicalHeight: 8)
        let a = PixelBufferStorage(width: t.width, height: t.height, format: format)
        let c = PixelBufferStorage(width: t.width, height: t.height, format: format)
        for (x, y) in [(0, 0), (-3, 2), (8, 5), (2, -1)] {
            composer.compose(background: bg, placements: [Placement(composer.prepare(b), x: x, y: y)], into: a.buffer)
            composer.compose(background: bg, placements: [Placement(flat, x: x, y: y)], into: c.buffer)
            for ty in 0..<t.height {
                for tx in 0..<t.width {
                    #expect(a.buffer.xrgb(x: tx, y: ty) == c.buffer.xrgb(x: tx, y: ty), "at \(x),\(y): \(tx),\(ty)")
                }
            }
        }
    }
}
