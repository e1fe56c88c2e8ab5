import DisplaySelection
import ImageDecoding
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
        let (differing, largest) = captured.difference(from: expected)
        say(
            "blend: writeback capture against bannerd's composition of the same layers: \(differing) of"
                + " \(width * height) pixels differ, largest channel difference \(largest)")
        guard differing == 0 else { throw CheckFailure(description: "blend: the capture differs") }
        try checkOverlayFlips(display, pictureID: pictureID, layerID: layerID, layers: layers, capture: capture)
    }

    /// The pair shown by page flips, as bannerd will show a video banner: moved across the screen with the frames
    /// of a swipe (a flip each, the primary plane's frame drawn anew), then the picture alone changed with the
    /// screen at rest (`presentOverlays`: the primary plane's buffer flipped to again), then, with `--video`, a
    /// video's frames decoded straight into the picture's buffers at rest. Captures at both ends and in the middle of
    /// the swipe, at rest and during the video must equal bannerd's composition; every set's buffers must be freed
    /// once off glass.
    private func checkOverlayFlips(
        _ display: DRMDisplay, pictureID: UInt32, layerID: UInt32, layers: BlendLayers, capture: WritebackCapture
    ) throws {
        let (width, height) = (display.mode.width, display.mode.height)
        let screen = PixelSize(width: width, height: height)
        let base = TestPicture.bitmap(width: width, height: height, background: options.colour)
        let y = height / 2 - layers.picture.height / 2
        // Two pictures, as a video's frames alternate between the buffers the plane shows; room past the last row
        // for what a video's scaler writes there.
        let pictures = try (0..<2).map { _ in
            try PlaneBuffer(
                display: display, width: layers.picture.width, height: layers.picture.height, alpha: false,
                spareBytes: AnimationFrame.scalerSlack * 4)
        }
        for (frame, buffer) in pictures.enumerated() { layers.picture.write(into: buffer.pixels, frame: frame) }
        let layerBuffer = try PlaneBuffer(
            display: display, width: layers.title.width, height: layers.title.height, alpha: true)
        layers.title.write(into: layerBuffer.pixels)
        func place(x: Int, picture: PlaneBuffer) {
            var showings: [OverlayShowing] = []
            for (planeID, buffer) in [(pictureID, picture), (layerID, layerBuffer)] {
                let rect = PixelRect(x: x, y: y, width: buffer.pixels.width, height: buffer.pixels.height)
                if let placed = PlanePlacement.place(picture: rect, screen: screen) {
                    showings.append(
                        OverlayShowing(
                            planeID: planeID, buffer: buffer, source: placed.source, destination: placed.destination))
                }
            }
            display.overlays = showings
        }
        func expected(x: Int, picture: Bitmap) -> Bitmap {
            var result = base
            result.draw(picture, x: x, y: y)
            result.draw(layers.title.bitmap(), x: x, y: y)
            return result
        }
        func flip(_ present: () throws -> PresentOutcome, _ what: String) throws {
            guard try present() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
                throw CheckFailure(description: "flips: \(what) did not flip")
            }
        }
        var worst = 0
        let steps = 24
        let stride = (width + layers.picture.width) / steps
        for step in 0..<steps {
            let x = -layers.picture.width + stride / 2 + step * stride
            place(x: x, picture: pictures[step % 2])
            guard let back = display.backBuffer else { throw CheckFailure(description: "flips: no back buffer") }
            TestPicture.draw(back, background: options.colour)
            try flip(display.present, "step \(step)")
            if [0, steps / 2, steps - 1].contains(step) {
                let captured = try display.captureScanout(capture)
                worst = max(
                    worst,
                    captured.difference(from: expected(x: x, picture: layers.picture.bitmap(frame: step % 2))).differing
                )
            }
        }
        let rest = (width - layers.picture.width) / 2
        for frame in 0..<10 {
            place(x: rest, picture: pictures[frame % 2])
            try flip(display.presentOverlays, "frame \(frame) at rest")
        }
        let captured = try display.captureScanout(capture)
        worst = max(
            worst, captured.difference(from: expected(x: rest, picture: layers.picture.bitmap(frame: 1))).differing)
        say(
            "flips: the pair moved across the screen in \(steps) flips (\(stride) px each), then 10 flips of the"
                + " picture alone at rest; 4 captures against bannerd's composition: at most \(worst) pixels differ")
        guard worst == 0 else { throw CheckFailure(description: "flips: a capture differs") }
        if let path = options.video {
            try playVideo(
                path, on: display, at: rest, into: pictures, place: place, expected: expected, capture: capture)
        }
        display.overlays = []
        try flip(display.presentOverlays, "the flip without overlays")
        say("flips: overlay sets held after the last flip: \(display.overlaySetsHeld)")
        guard display.overlaySetsHeld == 0 else { throw CheckFailure(description: "flips: overlay sets still held") }
        // With no overlay on or asked for there is nothing to flip: the picture on screen is not flipped to again.
        guard try display.presentOverlays() == .shown else {
            throw CheckFailure(description: "flips: a flip with nothing to change was queued")
        }
    }

    /// The video at `path` played at rest on the picture plane, each frame decoded and scaled straight into the
    /// buffer the plane shows next (`AnimationDecoder.nextFrame(into:)`: the CPU writes it once), and captured at
    /// its middle and last frames against the same frame decoded as a bitmap by a second decoder and composed.
    private func playVideo(
        _ path: String, on display: DRMDisplay, at x: Int, into pictures: [PlaneBuffer],
        place: (Int, PlaneBuffer) -> Void, expected: (Int, Bitmap) -> Bitmap, capture: WritebackCapture
    ) throws {
        let size = (width: pictures[0].pixels.width, height: pictures[0].pixels.height)
        guard let video = try ImageDecoder().animation(path: path, fitting: size),
            let reference = try ImageDecoder().animation(path: path, fitting: size)
        else { throw CheckFailure(description: "video: \(path) does not open as a video") }
        var frames = 0
        var captures: [Int] = []
        var worst = 0
        while let frame = try reference.nextFrame() {
            let buffer = pictures[frames % 2]
            guard try video.nextFrame(into: buffer.pixels) != nil else {
                throw CheckFailure(description: "video: the plane's decoder ended before frame \(frames)")
            }
            place(x, buffer)
            guard try display.presentOverlays() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
                throw CheckFailure(description: "video: frame \(frames) did not flip")
            }
            if frames == 5 || frames == 9 {
                captures.append(frames)
                worst = max(
                    worst, try display.captureScanout(capture).difference(from: expected(x, frame.bitmap)).differing)
            }
            frames += 1
        }
        say(
            "video: \(frames) frames of \(path) decoded straight into the picture plane's buffers, flipped at rest;"
                + " captures at frames \(captures.map(String.init).joined(separator: " and ")) against bannerd's"
                + " composition: at most \(worst) pixels differ")
        guard captures.count == 2, worst == 0 else { throw CheckFailure(description: "video: a capture differs") }
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
