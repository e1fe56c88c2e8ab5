import Testing

@testable import Raster

@Suite struct SpriteTests {
    /// Rounded corners, a row with a translucent pixel in the middle (no opaque run) and a fully clear row.
    static func awkward(_ w: Int, _ h: Int) -> Bitmap {
        var b = FrameComposerTests.numbered(w, h)
        b.roundCorners(radius: 2)
        b[w / 2, 1] = Color(red: 200, green: 100, blue: 50, alpha: 90).premultipliedARGB
        for x in 0..<w { b[x, h - 2] = 0 }
        return b
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func storesEveryPixelTurnedWithEdgesExact(rotation: Rotation, format: PixelFormat) {
        let b = Self.awkward(7, 5)
        let s = Sprite(b, rotation: rotation, format: format)
        let turned = b.rotated(rotation)
        #expect(s.width == turned.width && s.height == turned.height && s.format == format)
        for y in 0..<s.height {
            let run = s.opaqueRun(row: y)
            #expect(run == Sprite.opaqueRun(turned, row: y))
            for x in 0..<s.width {
                let word = s.premultipliedWord(x: x, y: y)
                if format == .xrgb8888 || !run.contains(x) {
                    #expect(word == turned[x, y], "\(x),\(y)")
                } else {
                    #expect(word == PixelMath.xrgb(fromRGB565: PixelMath.rgb565(turned[x, y])), "\(x),\(y)")
                }
            }
        }
    }

    /// Rounded corners only: rows between the corners are opaque from edge to edge; columns up to 32 apart differ,
    /// also once packed as RGB565.
    static func banner(_ w: Int, _ h: Int) -> Bitmap {
        var b = Bitmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                b[x, y] = Color(red: UInt8(x * 8 % 256), green: UInt8(y * 4 % 256), blue: 77).premultipliedARGB
            }
        }
        b.roundCorners(radius: 1)
        return b
    }

    @Test(arguments: Rotation.allCases)
    func findsTheRowsOpaqueFromEdgeToEdge(rotation: Rotation) {
        let corners = Sprite(Self.banner(6, 6), rotation: rotation)
        #expect(corners.opaqueRows == 1..<5)
        let white = Sprite(Bitmap(width: 3, height: 2, color: .white), rotation: rotation)
        #expect(white.opaqueRows == 0..<white.height)
        // The first block of full rows, and a block: the rows either side are not full.
        let s = Sprite(Self.awkward(7, 5), rotation: rotation)
        let full = (0..<s.height).filter { s.opaqueRun(row: $0) == 0..<s.width }
        #expect(s.opaqueRows.lowerBound == full.first ?? s.opaqueRows.lowerBound)
        #expect(s.opaqueRows.allSatisfy { full.contains($0) } && !full.contains(s.opaqueRows.upperBound))
    }

    @Test(arguments: [PixelFormat.xrgb8888, .rgb565], [1, 15, 16, 17, 33])
    func rowsStartOnCacheLines(format: PixelFormat, width: Int) {
        let s = Sprite(Bitmap(width: width, height: 3, color: .white), rotation: .none, format: format)
        #expect(s.stride % 64 == 0 && s.stride >= width * format.bytesPerPixel)
        #expect(Int(bitPattern: s.pixels) % 64 == 0)
    }

    @Test func emptyBitmapMakesAnEmptySprite() {
        let s = Sprite(Bitmap(width: 0, height: 0), rotation: .clockwise90, format: .rgb565)
        #expect(s.width == 0 && s.height == 0)
        let storage = PixelBufferStorage(width: 3, height: 2, format: .rgb565)
        FrameComposer(rotation: .clockwise90, format: .rgb565).compose(
            background: .white, placements: [Placement(s, x: 1, y: 1)], into: storage.buffer)
        #expect(storage.buffer.rgb565(x: 1, y: 1) == 0xFFFF)
    }
}

@Suite struct SpriteStripTests {
    @Test(arguments: [PixelFormat.xrgb8888, .rgb565])
    func narrowEdgesAreReadFromPackedStrips(format: PixelFormat) {
        let b = SpriteTests.banner(80, 4)
        let s = Sprite(b, rotation: .none, format: format)
        let size = format.bytesPerPixel
        let word = { (p: UnsafeRawPointer) -> UInt32 in
            size == 4 ? p.load(as: UInt32.self) : PixelMath.xrgb(fromRGB565: p.load(as: UInt16.self))
        }
        let opaque = { (x: Int, y: Int) -> UInt32 in
            format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(b[x, y])) : b[x, y]
        }
        // Left strip, right strip, and a run too wide or straddling the middle: read from the rows.
        #expect(s.stripWidth == Sprite.stripColumns)
        #expect(s.stripSource(columns: 30..<33, row: 0) == nil && s.stripSource(columns: 40..<79, row: 0) == nil)
        for y in 1..<3 {
            for (columns, x) in [(0..<32, 0), (3..<9, 3), (48..<80, 48), (75..<80, 77)] {
                let strip = s.stripSource(columns: columns, row: y)
                #expect(strip?.stride == Sprite.stripColumns * size)
                guard let source = strip?.source else { continue }
                #expect(word(source + (x - columns.lowerBound) * size) == opaque(x, y), "\(columns) x \(x) y \(y)")
                let below = source + strip!.stride + (x - columns.lowerBound) * size
                if y + 1 < 3 { #expect(word(below) == opaque(x, y + 1)) }
            }
        }
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func wideSpritesShowingEarsMatchTheReference(rotation: Rotation, format: PixelFormat) {
        let b = SpriteTests.banner(70, 5)
        let lw = 100
        let lh = 7
        let t = rotation.targetSize(logicalWidth: lw, logicalHeight: lh)
        let storage = PixelBufferStorage(width: t.width, height: t.height, format: format)
        let composer = FrameComposer(rotation: rotation, format: format)
        let sprite = composer.prepare(b)
        // Ears of 5 and 7 px, of exactly a strip and one past it, on both sides; a whole sprite between.
        for (left, right) in [(5, 7), (32, 32), (33, 33), (1, 31)] {
            let items = [(b, left - 70, 1), (b, left + 4, 1), (b, lw - right, 2)]
            composer.compose(
                background: FrameComposerTests.bg, placements: items.map { Placement(sprite, x: $0.1, y: $0.2) },
                into: storage.buffer)
            for ty in 0..<t.height {
                for tx in 0..<t.width {
                    let want = FrameComposerTests.expected(
                        tx: tx, ty: ty, rotation: rotation, lw: lw, lh: lh, items: items)
                    let wantOut = format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(want)) : want
                    #expect(storage.buffer.xrgb(x: tx, y: ty) == wantOut, "ears \(left),\(right) at \(tx),\(ty)")
                }
            }
        }
    }
}
