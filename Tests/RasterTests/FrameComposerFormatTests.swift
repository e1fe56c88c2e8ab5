import Testing

@testable import Raster

/// Sprites stored in the target's format must compose to exactly the pixels the 32-bit sprites gave, and
/// overlapping or mismatched placements must still give the reference picture.
@Suite struct FrameComposerFormatTests {
    static let bg = FrameComposerTests.bg
    static let positions = [(-2, 1), (3, -2), (7, 2), (2, 4), (-3, -2), (8, 5), (20, 1), (-4, 0), (3, 1), (0, 0)]

    static func frame(
        _ format: PixelFormat, rotation: Rotation, spriteFormat: PixelFormat, items: [(Bitmap, Int, Int)]
    ) -> PixelBufferStorage {
        let t = rotation.targetSize(logicalWidth: 9, logicalHeight: 6)
        let storage = PixelBufferStorage(width: t.width, height: t.height, format: format, stride: t.width * 4 + 12)
        let composer = FrameComposer(rotation: rotation, format: spriteFormat)
        let placements = items.map { Placement(composer.prepare($0.0), x: $0.1, y: $0.2) }
        composer.compose(background: bg, placements: placements, into: storage.buffer)
        return storage
    }

    static func rows(_ s: PixelBufferStorage) -> [[UInt32?]] {
        (0..<s.buffer.height).map { y in (0..<s.buffer.width).map { s.buffer.xrgb(x: $0, y: y) } }
    }

    @Test(arguments: Rotation.allCases)
    func rgb565SpritesComposeToTheSamePixelsAsConvertingEachFrame(rotation: Rotation) {
        let soft = SpriteTests.awkward(5, 4)
        for (px, py) in Self.positions {
            let items = [(soft, px, py)]
            let perFrame = Self.frame(.rgb565, rotation: rotation, spriteFormat: .xrgb8888, items: items)
            let stored = Self.frame(.rgb565, rotation: rotation, spriteFormat: .rgb565, items: items)
            for y in 0..<perFrame.buffer.height {
                for x in 0..<perFrame.buffer.width {
                    #expect(
                        stored.buffer.rgb565(x: x, y: y) == perFrame.buffer.rgb565(x: x, y: y),
                        "at \(px),\(py) target \(x),\(y)")
                }
            }
        }
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func overlappingPlacementsShowTheTopmostOverTheBackground(rotation: Rotation, format: PixelFormat) {
        let a = SpriteTests.awkward(5, 4)
        let b = FrameComposerTests.numbered(3, 5) { x, y in x == 1 && y == 2 ? 0 : (x == 2 ? 128 : 255) }
        let c = Bitmap(width: 2, height: 2, color: Color(rgb: 0x00FF00))
        let items = [(a, 1, 1), (b, 3, 0), (c, 2, 2), (a, -1, 3)]
        let out = Self.frame(format, rotation: rotation, spriteFormat: format, items: items)
        for ty in 0..<out.buffer.height {
            for tx in 0..<out.buffer.width {
                let want = FrameComposerTests.expected(tx: tx, ty: ty, rotation: rotation, lw: 9, lh: 6, items: items)
                let wantOut = format == .rgb565 ? PixelMath.xrgb(fromRGB565: PixelMath.rgb565(want)) : want
                #expect(out.buffer.xrgb(x: tx, y: ty) == wantOut, "target \(tx),\(ty)")
            }
        }
    }

    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func rowsOpaqueFromEdgeToEdgeAreCopiedToTheReferencePixels(rotation: Rotation, format: PixelFormat) {
        let tall = SpriteTests.banner(4, 5)
        let wide = SpriteTests.banner(6, 4)
        for (px, py) in Self.positions {
            // Beside, overlapping and under each other, every one clipped somewhere as `px, py` moves.
            let items = [(tall, px, py), (wide, px + 3, py - 1), (tall, 8 - px, 4 - py)]
            for spriteFormat in [PixelFormat.xrgb8888, .rgb565] {
                let out = Self.frame(format, rotation: rotation, spriteFormat: spriteFormat, items: items)
                for ty in 0..<out.buffer.height {
                    for tx in 0..<out.buffer.width {
                        let want = FrameComposerTests.expected(
                            tx: tx, ty: ty, rotation: rotation, lw: 9, lh: 6, items: items)
                        let packed = PixelMath.xrgb(fromRGB565: PixelMath.rgb565(want))
                        let wantOut = format == .rgb565 ? packed : want
                        let got = out.buffer.xrgb(x: tx, y: ty)
                        // An RGB565 sprite on an XRGB8888 target shows its opaque pixels at RGB565 precision.
                        let ok = got == wantOut || (spriteFormat == .rgb565 && format == .xrgb8888 && got == packed)
                        #expect(ok, "\(spriteFormat) at \(px),\(py) target \(tx),\(ty)")
                    }
                }
            }
        }
    }

    @Test func rgb565SpriteOnAnXRGBTargetIsWidenedNotLost() {
        let soft = SpriteTests.awkward(5, 4)
        let items = [(soft, 2, 1)]
        let widened = Self.frame(.xrgb8888, rotation: .none, spriteFormat: .rgb565, items: items)
        let packed = Self.frame(.rgb565, rotation: .none, spriteFormat: .rgb565, items: items)
        let exact = Self.frame(.xrgb8888, rotation: .none, spriteFormat: .xrgb8888, items: items)
        // Opaque pixels at RGB565 precision; blended edges and background exact.
        for y in 0..<6 {
            for x in 0..<9 {
                let run = Sprite(soft, rotation: .none).opaqueRun(row: max(0, min(3, y - 1)))
                let inOpaque = (1..<5).contains(y) && run.contains(x - 2)
                let want = inOpaque ? packed.buffer.xrgb(x: x, y: y) : exact.buffer.xrgb(x: x, y: y)
                #expect(widened.buffer.xrgb(x: x, y: y) == want, "\(x),\(y)")
            }
        }
    }

    @Test func composerPreparesSpritesInItsFormat() {
        let composer = FrameComposer(rotation: .clockwise270, format: .rgb565)
        let s = composer.prepare(Bitmap(width: 3, height: 2, color: .white))
        #expect(composer.format == .rgb565 && s.format == .rgb565 && s.rotation == .clockwise270)
        #expect(FrameComposer(rotation: .none).prepare(Bitmap(width: 1, height: 1)).format == .xrgb8888)
    }
}
