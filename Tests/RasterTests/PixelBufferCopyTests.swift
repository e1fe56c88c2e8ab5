import Testing

@testable import Raster

@Suite struct PixelBufferCopyTests {
    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func copyingAComposedFrameMatchesComposingDirectly(rotation: Rotation, format: PixelFormat) {
        // Logical frame 7×5 with a translucent-cornered bitmap partly off the right edge.
        var sprite = FrameComposerTests.numbered(4, 3)
        sprite.roundCorners(radius: 1)
        var frame = Bitmap(width: 7, height: 5, color: .clear)
        frame.draw(sprite, x: 5, y: 1)
        let t = rotation.targetSize(logicalWidth: 7, logicalHeight: 5)
        let copied = PixelBufferStorage(width: t.width, height: t.height, format: format)
        copied.buffer.copy(frame, rotation: rotation, background: FrameComposerTests.bg)
        let composed = PixelBufferStorage(width: t.width, height: t.height, format: format)
        let composer = FrameComposer(rotation: rotation)
        composer.compose(
            background: FrameComposerTests.bg, placements: [Placement(composer.prepare(sprite), x: 5, y: 1)],
            into: composed.buffer)
        for y in 0..<t.height {
            for x in 0..<t.width { #expect(copied.buffer.xrgb(x: x, y: y) == composed.buffer.xrgb(x: x, y: y)) }
        }
    }

    @Test func fillWritesEveryPixelAndRespectsStride() {
        let s = PixelBufferStorage(width: 3, height: 2, format: .rgb565, stride: 10)
        s.buffer.fill(Color(rgb: 0xFF0000))
        for y in 0..<2 {
            for x in 0..<3 { #expect(s.buffer.rgb565(x: x, y: y) == 0xF800) }
            // Padding past the row stays untouched.
            #expect(s.buffer.base.load(fromByteOffset: y * 10 + 6, as: UInt16.self) == 0)
        }
    }
}
