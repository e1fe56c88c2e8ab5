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
        let (differing, largest) = Self.difference(captured, expected)
        say(
            "blend: writeback capture against bannerd's composition of the same layers: \(differing) of"
                + " \(width * height) pixels differ, largest channel difference \(largest)")
        guard differing == 0 else { throw CheckFailure(description: "blend: the capture differs") }
        try checkOverlayFlips(display, pictureID: pictureID, layerID: layerID, layers: layers, capture: capture)
    }

    /// The pair shown by page flips, as bannerd will show a video banner: moved across the screen with the frames
    /// of a swipe (a flip each, the primary plane's frame drawn anew), then the picture alone changed with the
    /// screen at rest (`presentOverlays`: the primary plane's buffer flipped to again). Captures at both ends and in
    /// the middle of the swipe, and at rest, must equal bannerd's composition; every set's buffers must be freed once
    /// off glass.
    private func checkOverlayFlips(
        _ display: DRMDisplay, pictureID: UInt32, layerID: UInt32, layers: BlendLayers, capture: WritebackCapture
    ) throws {
        let (width, height) = (display.mode.width, display.mode.height)
        let screen = PixelSize(width: width, height: height)
        let base = TestPicture.bitmap(width: width, height: height, background: options.colour)
        // Two pictures, as a video's frames alternate between the buffers the plane shows.
        let pictures = try (0..<2).map { frame in
            let buffer = try PlaneBuffer(
                display: display, width: layers.picture.width, height: layers.picture.height, alpha: false)
            layers.picture.write(into: buffer.pixels, frame: frame)
            return buffer
        }
        let layerBuffer = try PlaneBuffer(
            display: display, width: layers.title.width, height: layers.title.height, alpha: true)
        layers.title.write(into: layerBuffer.pixels)
        func place(x: Int, frame: Int) throws {
            let y = height / 2 - layers.picture.height / 2
            var showings: [OverlayShowing] = []
            for (planeID, buffer, layer) in [
                (pictureID, pictures[frame], layers.picture), (layerID, layerBuffer, layers.title),
            ] {
                let rect = PixelRect(x: x, y: y, width: layer.width, height: layer.height)
                if let placed = PlanePlacement.place(picture: rect, screen: screen) {
                    showings.append(
                        OverlayShowing(
                            planeID: planeID, buffer: buffer, source: placed.source, destination: placed.destination))
                }
            }
            display.overlays = showings
        }
        func expected(x: Int, frame: Int) -> Bitmap {
            var result = base
            let y = height / 2 - layers.picture.height / 2
            result.draw(layers.picture.bitmap(frame: frame), x: x, y: y)
            result.draw(layers.title.bitmap(), x: x, y: y)
            return result
        }
        var worst = 0
        let steps = 24
        let stride = (width + layers.picture.width) / steps
        for step in 0..<steps {
            let x = -layers.picture.width + stride / 2 + step * stride
            try place(x: x, frame: step % 2)
            guard let back = display.backBuffer else { throw CheckFailure(description: "flips: no back buffer") }
            TestPicture.draw(back, background: options.colour)
            guard try display.present() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
                throw CheckFailure(description: "flips: step \(step) did not flip")
            }
            if [0, steps / 2, steps - 1].contains(step) {
                worst = max(
                    worst, Self.difference(try display.captureScanout(capture), expected(x: x, frame: step % 2)).0)
            }
        }
        let rest = (width - layers.picture.width) / 2
        for frame in 0..<10 {
            try place(x: rest, frame: frame % 2)
            guard try display.presentOverlays() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
                throw CheckFailure(description: "flips: frame \(frame) at rest did not flip")
            }
        }
        worst = max(worst, Self.difference(try display.captureScanout(capture), expected(x: rest, frame: 1)).0)
        display.overlays = []
        guard try display.presentOverlays() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
            throw CheckFailure(description: "flips: the flip without overlays did not complete")
        }
        say(
            "flips: the pair moved across the screen in \(steps) flips (\(stride) px each), then 10 flips of the"
                + " picture alone at rest; 4 captures against bannerd's composition: at most \(worst) pixels differ;"
                + " overlay sets held after the last flip: \(display.overlaySetsHeld)")
        guard worst == 0 else { throw CheckFailure(description: "flips: a capture differs") }
        guard display.overlaySetsHeld == 0 else { throw CheckFailure(description: "flips: overlay sets still held") }
    }

    /// How many pixels of `a` and `b` differ, and by how much in the channel that differs most.
    static func difference(_ a: Bitmap, _ b: Bitmap) -> (Int, UInt32) {
        var differing = 0
        var largest: UInt32 = 0
        for y in 0..<min(a.height, b.height) {
            for x in 0..<min(a.width, b.width) where a[x, y] != b[x, y] {
                differing += 1
                for shift: UInt32 in [0, 8, 16] {
                    let (p, q) = ((a[x, y] >> shift) & 0xFF, (b[x, y] >> shift) & 0xFF)
                    largest = max(largest, p > q ? p - q : q - p)
                }
            }
        }
        return (differing, largest)
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
        /// The pixel at `x`, `y` of frame `frame` (a video's frames differ; the title layer's do not).
        let pixel: (_ x: Int, _ y: Int, _ frame: Int) -> UInt32

        func write(into buffer: PixelBuffer, frame: Int = 0) {
            for y in 0..<height {
                let row = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
                for x in 0..<width { row[x] = pixel(x, y, frame) }
            }
        }

        func bitmap(frame: Int = 0) -> Bitmap {
            var bitmap = Bitmap(width: width, height: height)
            for y in 0..<height {
                for x in 0..<width { bitmap[x, y] = pixel(x, y, frame) }
            }
            return bitmap
        }
    }

    let picture = Layer(width: 320, height: 200, alpha: false) { x, y, frame in
        0xFF00_0000 | UInt32(x * 255 / 319) << 16 | UInt32(y * 255 / 199) << 8 | UInt32(0x80 ^ (frame * 0x3F))
    }
    let title = Layer(width: 360, height: 120, alpha: true) { x, y, _ in
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
        for (layer, at) in zip([picture, title], places) { result.draw(layer.bitmap(), x: at.x, y: at.y) }
        return result
    }
}
