import BannerContent
import CarouselEngine
import CarouselRendering
import CarouselTrace
import Glibc
import GlyphText
import ImageDecoding
import Raster
import Testing

/// Frames drawn through the real engine and presenter, and the golden-image files they are compared with.
///
/// Goldens live in `Golden/` beside this file and are compared exactly. After an intended change, regenerate them
/// with `BANNERD_UPDATE_GOLDEN=1 swift test --filter CarouselRenderingTests`, look at every changed PNG, and
/// commit them with the change.
enum GoldenFrame {
    /// The frame's background (as `bannerd render` uses).
    static let background = Color(rgb: 0x10_1010)

    /// Distinct flat banner colours, none of them the background, so pixel checks can tell every banner apart.
    static let palette: [UInt32] = [0x1E_3C72, 0x0F_5E4B, 0x8E_2430, 0x6A_1B9A, 0x37_474F, 0xB2_6A00, 0x00_6978]

    static let directory: String = {
        let file = "\(#filePath)"
        return String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)]) + "/Golden"
    }()

    /// `count` flat banners titled "Banner 1"…, coloured from `palette`.
    static func banners(_ count: Int) -> BannerList {
        BannerList(
            (0..<count).lazy.map { i in
                Banner(id: "g\(i)", title: "Banner \(i + 1)", background: Color(rgb: palette[i % palette.count]))
            })
    }

    /// The fonts every golden is set in (Debian's DejaVu and WenQuanYi Zen Hei).
    static func fonts() throws -> FontSet { try FontSet(paths: .debian) }

    static func renderer(_ fonts: FontSet) -> BannerRenderer {
        BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
    }

    /// A carousel scene: banners, a logical viewport size in pixels and a scale, drawn with a rotation and format.
    struct Scene {
        var banners: BannerList
        var width = 240
        var height = 135
        var scale = 1.0
        var rotation = Rotation.none
        var format = PixelFormat.xrgb8888

        func layout() throws -> CarouselLayout {
            try CarouselLayout(widthPixels: width, heightPixels: height, scale: scale)
        }

        /// A presenter rendering inline (deterministic) for this scene.
        func presenter(fonts: FontSet) throws -> CarouselPresenter {
            CarouselPresenter(
                banners: banners, layout: try layout(), rotation: rotation, background: GoldenFrame.background,
                rendering: .inline(GoldenFrame.renderer(fonts)))
        }

        /// A target buffer of the scanout size (logical size turned by the rotation).
        func storage() -> PixelBufferStorage {
            let size = rotation.targetSize(logicalWidth: width, logicalHeight: height)
            return PixelBufferStorage(width: size.width, height: size.height, format: format)
        }

        /// The frame at rest on the first banner.
        func restFrame(fonts: FontSet) throws -> Frame {
            try frames(fonts: fonts, script: GestureScript(events: []), at: [0])[0]
        }

        /// Runs `script` through `TraceRunner` and draws the frames whose numbers are in `wanted`.
        func frames(fonts: FontSet, script: GestureScript, at wanted: [Int]) throws -> [Frame] {
            let presenter = try self.presenter(fonts: fonts)
            let target = storage()
            var runner = TraceRunner(carousel: Carousel(layout: try layout(), count: banners.count), script: script)
            var out: [Frame] = []
            _ = runner.run(frames: (wanted.max() ?? 0) + 1) { row, carousel in
                guard wanted.contains(row.frame) else { return }
                let views = carousel.visibleViews()
                presenter.draw(views, into: target.buffer)
                out.append(Frame(bitmap: target.buffer.snapshot(), views: views, carousel: carousel))
            }
            return out
        }
    }

    /// One drawn frame with the engine state it shows.
    struct Frame {
        var bitmap: Bitmap
        var views: VisibleViews
        var carousel: Carousel
    }

    /// Compares `frame` with `Golden/<name>.png` exactly (rewriting the file first when BANNERD_UPDATE_GOLDEN is set).
    static func expectMatches(_ frame: Bitmap, _ name: String, sourceLocation: SourceLocation = #_sourceLocation)
        throws
    {
        let path = directory + "/" + name + ".png"
        if getenv("BANNERD_UPDATE_GOLDEN") != nil {
            try PNGEncoder().write(frame, to: path)
        }
        let golden = try ImageDecoder().decode(path: path)
        #expect(
            golden.width == frame.width && golden.height == frame.height,
            "\(path) is \(golden.width)x\(golden.height), the frame \(frame.width)x\(frame.height)",
            sourceLocation: sourceLocation)
        let differing = zip(golden.pixels, frame.pixels).filter { $0 != $1 }.count
        #expect(differing == 0, "\(differing) pixels differ from \(path)", sourceLocation: sourceLocation)
    }

    /// The gesture script for a drag to the left that is still down: `down` at x0, then moves to each x in `moves`,
    /// 16 ms apart, on row y.
    static func drag(from x0: Double, through moves: [Double], y: Double = 60) throws -> GestureScript {
        var lines = ["0 down \(x0) \(y)"]
        for (i, x) in moves.enumerated() { lines.append("\(16 * (i + 1)) move \(x) \(y)") }
        return try GestureScript(parsing: lines.joined(separator: "\n"), file: "golden-drag")
    }
}

extension Bitmap {
    /// Row `y` as opaque 0xFFRRGGBB words.
    func row(_ y: Int) -> [UInt32] { (0..<width).map { self[$0, y] } }
}
