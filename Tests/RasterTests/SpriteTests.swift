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

    /// Rounded corners only: every row between the corners is opaque from edge to edge.
    static func banner(_ w: Int, _ h: Int) -> Bitmap {
        var b = FrameComposerTests.numbered(w, h)
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
