import Testing

@testable import Raster

@Suite struct RotationTests {
    @Test func cornersLandWhereTheNameSays() {
        // Logical 4 wide × 2 tall. Top-left corner goes to the top-right after a clockwise quarter turn.
        #expect(Rotation.clockwise90.targetPoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 0))
        #expect(Rotation.clockwise90.targetPoint(x: 3, y: 0, logicalWidth: 4, logicalHeight: 2) == (1, 3))
        #expect(Rotation.clockwise180.targetPoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (3, 1))
        #expect(Rotation.clockwise270.targetPoint(x: 0, y: 0, logicalWidth: 4, logicalHeight: 2) == (0, 3))
        #expect(Rotation.none.targetPoint(x: 2, y: 1, logicalWidth: 4, logicalHeight: 2) == (2, 1))
    }

    @Test(arguments: Rotation.allCases)
    func logicalPointInvertsTargetPointAndRectsAgree(rotation: Rotation) {
        let lw = 5
        let lh = 3
        let t = rotation.targetSize(logicalWidth: lw, logicalHeight: lh)
        var seen = Set<Int>()
        for y in 0..<lh {
            for x in 0..<lw {
                let p = rotation.targetPoint(x: x, y: y, logicalWidth: lw, logicalHeight: lh)
                #expect(p.x >= 0 && p.x < t.width && p.y >= 0 && p.y < t.height)
                seen.insert(p.y * t.width + p.x)
                let back = rotation.logicalPoint(targetX: p.x, targetY: p.y, logicalWidth: lw, logicalHeight: lh)
                #expect(back == (x, y))
                let r = rotation.targetRect(
                    PixelRect(x: x, y: y, width: 1, height: 1), logicalWidth: lw, logicalHeight: lh)
                #expect(r == PixelRect(x: p.x, y: p.y, width: 1, height: 1))
            }
        }
        #expect(seen.count == lw * lh)
    }

    @Test func bitmapRotationFollowsMappingAndFourTurnsIsIdentity() {
        let b = FrameComposerTests.numbered(3, 2)
        let r = b.rotated(.clockwise90)
        #expect(r.width == 2 && r.height == 3)
        #expect(r[1, 0] == b[0, 0] && r[0, 0] == b[0, 1] && r[0, 2] == b[2, 1])
        #expect(b.rotated(.clockwise180) == r.rotated(.clockwise90))
        #expect(r.rotated(.clockwise270) == b)
        #expect(Rotation(degrees: -90) == .clockwise270 && Rotation(degrees: 45) == nil)
    }
}
