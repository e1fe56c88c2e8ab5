import DisplaySelection
import KMSDisplay
import Raster

/// `--blend`: whether the display hardware blends planes as bannerd composes, read back through writeback. The
/// plane path for video (issue 45) puts the picture on an opaque overlay and the banner's title and corners on a
/// translucent one above it; this asks the driver for exactly that, clipped at the screen's edges.
extension KMSCheck {
    func checkBlending(_ display: DRMDisplay) throws {
        let (width, height) = (display.mode.width, display.mode.height)
        let crtcs = try display.card.resources().crtcs
        guard let crtcIndex = crtcs.firstIndex(where: { $0.id == display.plan.crtcID }) else {
            throw CheckFailure(description: "blend: the display's CRTC is not listed")
        }
        // Lowest first: by zpos where the driver lists it, else by id (the order planes were made in, which is
        // the order drivers without zpos blend in).
        let overlays = try display.planeListing().map(\.plane)
            .filter { $0.kind == .overlay && $0.canShow(onCRTCAt: crtcIndex) }
            .sorted { ($0.stackPosition?.value ?? 0, $0.id) < ($1.stackPosition?.value ?? 0, $1.id) }
        let xrgb = ScanoutFormat.code(.xrgb8888)
        guard let picture = overlays.first(where: { $0.formats.contains(xrgb) }) else {
            throw CheckFailure(description: "blend: no overlay plane takes XR24")
        }
        let above = overlays.drop { $0.id != picture.id }.dropFirst()
            .filter { $0.formats.contains(BlendLayers.argb) }.suffix(2)
        guard above.count == 2 else {
            throw CheckFailure(description: "blend: fewer than two AR24 overlay planes above plane \(picture.id)")
        }
        let layers = BlendLayers(screenWidth: width, screenHeight: height)
        let opaque = try PlaneBuffer(
            display: display, width: layers.picture.width, height: layers.picture.height, alpha: false)
        layers.picture.write(into: opaque.pixels)
        let translucent = try PlaneBuffer(
            display: display, width: layers.title.width, height: layers.title.height, alpha: true)
        layers.title.write(into: translucent.pixels)
        let showings = zip([picture.id] + above.map(\.id), [opaque, translucent, translucent]).enumerated().map {
            let at = layers.places[$0.offset]
            return OverlayShowing(
                planeID: $0.element.0, buffer: $0.element.1,
                source: PixelRect(x: 0, y: 0, width: $0.element.1.pixels.width, height: $0.element.1.pixels.height),
                destination: PixelRect(
                    x: at.x, y: at.y, width: $0.element.1.pixels.width, height: $0.element.1.pixels.height))
        }
        let capture = try WritebackCapture(display: display)
        guard let captured = try display.commitOverlays(showings, capture: capture) else {
            throw CheckFailure(description: "blend: no capture")
        }
        _ = try display.commitOverlays(showings.map { .off($0.planeID) })
        say(
            "blend: plane \(picture.id) XR24 \(layers.picture.width)x\(layers.picture.height) at \(layers.places[0])"
                + " (clipped left); planes \(above.map { "\($0.id)" }.joined(separator: " and ")) AR24"
                + " \(layers.title.width)x\(layers.title.height) at \(layers.places[1]) and \(layers.places[2])"
                + " (clipped right and bottom), over the test picture")
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
    /// DRM_FORMAT_ARGB8888.
    static let argb: UInt32 = 0x3432_5241

    struct Layer {
        let width: Int
        let height: Int
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

    let picture = Layer(width: 320, height: 200) { x, y in
        0xFF00_0080 | UInt32(x * 255 / 319) << 16 | UInt32(y * 255 / 199) << 8
    }
    let title = Layer(width: 360, height: 120) { x, y in
        let alpha = UInt32(x * 255 / 359)
        let (red, green, blue) = (UInt32(255), UInt32(y * 2 & 0xFF), UInt32(0x40))
        return alpha << 24 | PixelMath.scale(red, by: alpha) << 16 | PixelMath.scale(green, by: alpha) << 8
            | PixelMath.scale(blue, by: alpha)
    }
    /// The picture past the left edge; the first title over the picture and the background; the second past the
    /// right and bottom edges, over the red bar.
    let places: [(x: Int, y: Int)]

    init(screenWidth: Int, screenHeight: Int) {
        places = [
            (-80, screenHeight / 2 - 100), (60, screenHeight / 2 - 60), (screenWidth - 200, screenHeight - 60),
        ]
    }

    /// The three layers source-over `base`, in plane order, as bannerd's composer blends.
    func composed(over base: Bitmap) -> Bitmap {
        var result = base
        for (layer, at) in zip([picture, title, title], places) { result.draw(layer.bitmap, x: at.x, y: at.y) }
        return result
    }
}
