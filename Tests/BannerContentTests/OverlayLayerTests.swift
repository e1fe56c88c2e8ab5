import GlyphText
import ImageDecoding
import Testing

@testable import BannerContent
@testable import Raster

/// A video banner's overlay as one layer over its frames (`OverlayLayer`): what a display plane above the video
/// shows, and what the composed path lays over each frame.
@Suite struct OverlayLayerTests {
    static let background = Color(rgb: 0x102030)

    /// A banner tall enough to have transparent rows between its bands, its text in two scripts and an emoji.
    static func fixture() throws -> (BannerRenderer, Banner, BannerOverlay, [Bitmap]) {
        let fonts = try FontSet()
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: FakeImages(nil))
        let banner = Banner(id: "v", title: "Sale", subtitle: "Ends Sunday — مرحبا 🎉", artwork: .file(path: "v.mp4"))
        let overlay = renderer.overlay(banner, width: 300, height: 200, scale: 1, cornerRadius: 12, scrim: true)
        let frames = [
            BannerPattern.stripes(.white, Color(rgb: 0x203040), widthPoints: 12),
            .checker(Color(rgb: 0xF0E040), .black, cellPoints: 9),
        ].map { $0.render(width: 300, height: 200, scale: 1) }
        return (renderer, banner, overlay, frames)
    }

    /// The whole layer, its transparent middle rows included.
    static func whole(_ layer: OverlayLayer) -> Bitmap {
        var bitmap = Bitmap(width: layer.width, height: layer.height)
        bitmap.draw(layer.top, x: 0, y: 0)
        bitmap.draw(layer.bottom, x: 0, y: layer.bottomStart)
        return bitmap
    }

    /// Each frame is the layer over the picture, pixel by pixel, as a plane above the picture's plane blends it:
    /// one source-over of a premultiplied pixel over an opaque one (what `kmscheck --blend` saw vkms do).
    @Test func aFrameIsTheLayerOverThePictureAsAPlaneShowsIt() throws {
        let (renderer, banner, overlay, frames) = try Self.fixture()
        let layer = OverlayLayer(overlay, width: 300, height: 200, background: Self.background)
        let full = Self.whole(layer)
        #expect(layer.top.height < layer.bottomStart, "no transparent rows between the bands")
        for picture in frames {
            let frame = renderer.renderFrame(
                banner, AnimationFrame(bitmap: picture, duration: .milliseconds(40)), width: 300, height: 200,
                finishing: .layer(layer))
            var differing = 0
            for y in 0..<200 {
                for x in 0..<300 where frame[x, y] != PixelMath.sourceOver(full[x, y], picture[x, y]) {
                    differing += 1
                }
            }
            #expect(differing == 0)
        }
    }

    /// Against the overlay laid step by step and the banner flattened over the background (stills, and video frames
    /// before): the same picture, each channel within 1, exactly the background outside the corners' arcs and
    /// exactly the picture where nothing lies over it.
    @Test func theLayerShowsWhatTheOverlayStepByStepShows() throws {
        let (renderer, banner, overlay, frames) = try Self.fixture()
        let layer = OverlayLayer(overlay, width: 300, height: 200, background: Self.background)
        let full = Self.whole(layer)
        let background = Self.background.premultipliedARGB
        for picture in frames {
            let frame = renderer.renderFrame(
                banner, AnimationFrame(bitmap: picture, duration: .milliseconds(40)), width: 300, height: 200,
                finishing: .layer(layer))
            var stepwise = Bitmap(width: 300, height: 200, color: Self.background)
            stepwise.draw(
                renderer.renderFrame(
                    banner, AnimationFrame(bitmap: picture, duration: .milliseconds(40)), width: 300, height: 200,
                    finishing: .overlay(overlay)), x: 0, y: 0)
            var largest: UInt32 = 0
            for y in 0..<200 {
                for x in 0..<300 {
                    for shift: UInt32 in [0, 8, 16] {
                        let (a, b) = ((frame[x, y] >> shift) & 0xFF, (stepwise[x, y] >> shift) & 0xFF)
                        largest = max(largest, a > b ? a - b : b - a)
                    }
                    let coverage = overlay.corners.coverage(x: x, y: y, width: 300, height: 200)
                    if coverage == 0 { #expect(frame[x, y] == background) }
                    if full[x, y] == 0 { #expect(frame[x, y] == picture[x, y]) }
                }
            }
            #expect(largest <= 1)
        }
    }
}
