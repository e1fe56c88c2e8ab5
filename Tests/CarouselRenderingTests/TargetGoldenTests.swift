import BannerContent
import CarouselEngine
import CarouselRendering
import Raster
import Testing

/// The same mid-drag scene drawn for rotated panels and into RGB565: each rotated frame must be the upright frame
/// turned, and the RGB565 frame the XRGB8888 frame packed, pixel for pixel.
@Suite struct TargetGoldenTests {
    static func midDrag(rotation: Rotation = .none, format: PixelFormat = .xrgb8888) throws -> GoldenFrame.Frame? {
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(7), rotation: rotation, format: format)
        return try scene.frames(
            fonts: GoldenFrame.fonts(), script: GoldenFrame.drag(from: 200, through: [180, 150, 120]), at: [3]
        ).first
    }

    @Test(arguments: [Rotation.clockwise90, .clockwise180, .clockwise270])
    func rotatedFrameMatchesGoldenAndIsTheUprightFrameTurned(rotation: Rotation) throws {
        let turned = try #require(try Self.midDrag(rotation: rotation))
        let upright = try #require(try Self.midDrag())
        let size = rotation.targetSize(logicalWidth: 240, logicalHeight: 135)
        #expect(turned.bitmap.width == size.width && turned.bitmap.height == size.height)
        try GoldenFrame.expectMatches(turned.bitmap, "mid-drag-\(rotation.rawValue)")
        #expect(turned.bitmap == upright.bitmap.rotated(rotation))
    }

    @Test func rgb565FrameMatchesGoldenAndIsTheXRGBFramePacked() throws {
        let scene = GoldenFrame.Scene(banners: GoldenFrame.banners(7), format: .rgb565)
        let fonts = try GoldenFrame.fonts()
        let presenter = try scene.presenter(fonts: fonts)
        let wide = try #require(try Self.midDrag())
        let target = scene.storage()
        presenter.draw(wide.views, into: target.buffer)
        try GoldenFrame.expectMatches(target.buffer.snapshot(), "mid-drag-rgb565")
        var mismatches = 0
        for y in 0..<wide.bitmap.height {
            for x in 0..<wide.bitmap.width where target.buffer.rgb565(x: x, y: y) != PixelMath.rgb565(wide.bitmap[x, y])
            {
                mismatches += 1
            }
        }
        #expect(mismatches == 0)
        // Not trivially equal: RGB565 really drops bits of these colours.
        #expect(target.buffer.snapshot() != wide.bitmap)
    }
}
