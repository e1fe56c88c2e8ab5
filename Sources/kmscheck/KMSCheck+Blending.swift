import DisplaySelection
import KMSDisplay
import Raster

/// `--blend`: whether the display hardware blends planes as bannerd composes, read back through writeback. The
/// plane path for video (issue 45) puts the picture on an opaque overlay and the banner's title and corners on a
/// translucent one above it (`VideoPlanes`); this asks the driver for exactly that pair, placed past the screen's
/// edges and clipped as bannerd clips (`PlanePlacement`).
extension KMSCheck {
    func checkBlending(_ display: DRMDisplay) throws {
        let (width, height) = (display.mode.width, display.mode.height)
        let crtcs = try display.card.resources().crtcs
        guard let crtcIndex = crtcs.firstIndex(where: { $0.id == display.plan.crtcID }) else {
            throw CheckFailure(description: "blend: the display's CRTC is not listed")
        }
        let choice = VideoPlanes.choose(
            planes: try display.planeListing().map(\.plane), crtcIndex: crtcIndex, crtcID: display.plan.crtcID,
            rotation: display.rotation)
        guard case .planes(let pictureID, let layerID) = choice else {
            throw CheckFailure(description: "blend: no planes for video: \(choice)")
        }
        let layers = BlendLayers(screenHeight: height)
        var showings: [OverlayShowing] = []
        let planned = [(pictureID, layers.picture, layers.places[0]), (layerID, layers.title, layers.places[1])]
        for (planeID, layer, at) in planned {
            let buffer = try PlaneBuffer(display: display, width: layer.width, height: layer.height, alpha: layer.alpha)
            layer.write(into: buffer.pixels)
            guard
                let placed = PlanePlacement.place(
                    picture: PixelRect(x: at.x, y: at.y, width: layer.width, height: layer.height),
                    screen: PixelSize(width: width, height: height))
            else { throw CheckFailure(description: "blend: a layer is off screen") }
            showings.append(
                OverlayShowing(planeID: planeID, buffer: buffer, source: placed.source, destination: placed.destination)
            )
        }
        let capture = try WritebackCapture(display: display)
        guard let captured = try display.commitOverlays(showings, capture: capture) else {
            throw CheckFailure(description: "blend: no capture")
        }
        _ = try display.commitOverlays(showings.map { .off($0.planeID) })
        say(
            "blend: plane \(pictureID) XR24 \(layers.picture.width)x\(layers.picture.height) at \(layers.places[0])"
                + " (clipped left and bottom), plane \(layerID) AR24 \(layers.title.width)x\(layers.title.height)"
                + " at \(layers.places[1]) (over it and the test picture, clipped at the bottom)")
        let expected = layers.composed(
            over: TestPicture.bitmap(width: width, height: height, background: options.colour))
        var differing = 0
        var largest: UInt32 = 0
        for y in 0..<height {
            for x in 0..<width where captured[x, y] != expected[x, y] {
                differing += 1
                for shift: UInt32 in [0, 8, 16] {
                    let (a, b) = ((captured[x, y] >> shift) & 0xFF, (expected[x, y] >> shift) & 0xFF)
                    largest = max(largest, a > b ? a - b : b - a)
                }
            }
        }
        say(
            "blend: writeback capture against bannerd's composition of the same layers: \(differing) of"
                + " \(width * height) pixels differ, largest channel difference \(largest)")
        guard differing == 0 else { throw CheckFailure(description: "blend: the capture differs") }
    }
}

/// The layers `--blend` shows, as the planes get them and as bannerd composes them: an opaque picture whose every
/// pixel differs, and a translucent one whose alpha runs from 0 to 255 across it (premultiplied).
struct BlendLayers {
    struct Layer {
        let width: Int
        let height: Int
        /// Whether the layer's pixels carry alpha (an ARGB8888 framebuffer).
        let alpha: Bool
        let pixel: (_ x: Int, _ y: Int) -> UInt32

        func write(into buffer: PixelBuffer) {
            for y in 0..<height {
                let row = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = pixel(x, y) }
            }
        }

        var bitmap: Bitmap {
            var bitmap = Bitmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { bitmap[x, y] = pixel(x, y) }
            }
            return bitmap
        }
    }

    let picture = Layer(width: 320, height: 200, alpha: false) { x, y in
        0xFF00_0080 | UInt32(x * 255 / 319) << 16 | UInt32(y * 255 / 199) << 8
    }
    let title = Layer(width: 360, height: 120, alpha: true) { x, y in
        let alpha = UInt32(x * 255 / 359)
        let (red, green, blue) = (UInt32(255), UInt32(y * 2 & 0xFF), UInt32(0x40))
        return alpha << 24 | PixelMath.scale(red, by: alpha) << 16 | PixelMath.scale(green, by: alpha) << 8
            | PixelMath.scale(blue, by: alpha)
    }
    /// The picture past the left and bottom edges; the title over it, the background and the red bar, past the
    /// bottom edge.
    let places: [(x: Int, y: Int)]

    init(screenHeight: Int) {
        places = [(-80, screenHeight - 150), (60, screenHeight - 100)]
    }

    /// The two layers source-over `base`, in plane order, as bannerd's composer blends.
    func composed(over base: Bitmap) -> Bitmap {
        var result = base
        for (layer, at) in zip([picture, title], places) { result.draw(layer.bitmap, x: at.x, y: at.y) }
        return result
    }
}
