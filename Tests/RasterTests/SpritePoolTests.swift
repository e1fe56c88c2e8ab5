import Testing

@testable import Raster

@Suite struct SpritePoolTests {
    /// A sprite that goes gives its memory to the next of its size, which shows its own pixels (every one written,
    /// nothing of the one before); a sprite of another size gets memory of its own, and so does one made while no
    /// block waits.
    @Test(arguments: Rotation.allCases, [PixelFormat.xrgb8888, .rgb565])
    func theNextSpriteIsWrittenIntoTheMemoryOfOneGone(rotation: Rotation, format: PixelFormat) {
        let (w, h) = (12, 8)
        let pool = SpritePool(logicalWidth: w, logicalHeight: h, rotation: rotation, format: format)
        let frames = (0..<7).map { n in
            var b = FrameComposerTests.numbered(w, h)
            b.fill(PixelRect(x: n, y: n / 2, width: 4, height: 3), with: Color(rgb: 0x20_4060 + UInt32(n) * 0x11))
            b.roundCorners(radius: 3)
            return b
        }
        func sprite(_ n: Int) -> Sprite {
            Sprite(frames[n], rotation: rotation, format: format, over: .black, pool: pool)
        }
        var shown = (0..<4).map(sprite)
        let kept = shown.removeLast()
        let blocks = Set(shown.map(\.pixels))
        shown.removeAll()  // three given back, as many as the pool keeps
        let other = Sprite(
            frames[0].cropped(to: PixelRect(x: 0, y: 0, width: 6, height: 5)), rotation: rotation, pool: pool)
        #expect(!blocks.contains(other.pixels), "another size: memory of its own")
        let next = (4..<7).map(sprite)
        #expect(Set(next.map(\.pixels)) == blocks, "written into the blocks given back")
        #expect(sprite(0).pixels != kept.pixels && !blocks.contains(sprite(0).pixels), "none waits: a block of its own")
        for (sprite, n) in zip(next, 4..<7) {
            let fresh = Sprite(frames[n], rotation: rotation, format: format, over: .black)
            var differing = 0
            for y in 0..<sprite.height {
                for x in 0..<sprite.width
                where sprite.premultipliedWord(x: x, y: y) != fresh.premultipliedWord(x: x, y: y) {
                    differing += 1
                }
            }
            #expect(differing == 0, "frame \(n)")
            #expect(sprite.opaqueRows == fresh.opaqueRows)
        }
    }
}
