import FileAccess
import Glibc
import GlyphText
import ImageDecoding
import Testing

@testable import BannerContent
@testable import Raster

/// Whole-pipeline golden images: demo banners pre-rendered with the Debian fonts, composed like the carousel
/// (centre banner plus both ears) into a frame, compared exactly with PNGs committed beside this file.
/// Regenerate after an intended change with `BANNERD_UPDATE_GOLDEN=1 swift test --filter GoldenFrameTests`.
@Suite struct GoldenFrameTests {
    static let directory: String = {
        let file = "\(#filePath)"
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Golden"
    }()

    /// A 240×135-pt viewport at 1 px/pt: banner 208 wide (16 pt inset), gap 8, page step 216.
    static func frame(rotation: Rotation) throws -> Bitmap {
        let fonts = try FontSet()
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let composer = FrameComposer(rotation: rotation)
        let sprites = DemoContent.banners.prefix(3).map {
            composer.prepare(renderer.render($0, width: 208, height: 119, scale: 1).bitmap)
        }
        let size = rotation.targetSize(logicalWidth: 240, logicalHeight: 135)
        let target = PixelBufferStorage(width: size.width, height: size.height, format: .xrgb8888)
        let placements = [
            Placement(sprites[0], x: 16 - 216, y: 8), Placement(sprites[1], x: 16, y: 8),
            Placement(sprites[2], x: 16 + 216, y: 8),
        ]
        composer.compose(background: Color(rgb: 0x101010), placements: placements, into: target.buffer)
        return target.buffer.snapshot()
    }

    @Test(arguments: [Rotation.none, .clockwise90])
    func carouselFrameMatchesGolden(rotation: Rotation) throws {
        let frame = try Self.frame(rotation: rotation)
        let path = Self.directory + "/carousel-\(rotation.rawValue).png"
        if getenv("BANNERD_UPDATE_GOLDEN") != nil {
            try PNGEncoder().write(frame, to: path)
        }
        let golden = try ImageDecoder().decode(path: path)
        #expect(golden.width == frame.width && golden.height == frame.height)
        let differing = zip(golden.pixels, frame.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ from \(path)")
    }

    @Test func rotatedFrameIsTheUnrotatedFrameTurned() throws {
        #expect(try Self.frame(rotation: .clockwise90) == Self.frame(rotation: .none).rotated(.clockwise90))
    }
}
