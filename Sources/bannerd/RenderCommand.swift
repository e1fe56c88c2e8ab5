import ArgumentParser
import CarouselEngine
import CarouselRendering
import CarouselTrace
import DisplaySelection
import Foundation
import ImageDecoding
import Raster

/// `bannerd render`: the real engine and renderer in simulated time, writing PNG frames — a preview for content
/// designers and the basis of golden-image tests.
struct RenderCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "render",
        abstract: "Render carousel frames to PNG files in simulated time, without a display.",
        discussion: """
            Writes frame-NNNNN.png for every --every'th 60 Hz frame into --out (created if missing). \
            Gesture x/y are in the carousel's pixels (before --rotation).
            """
    )

    @OptionGroup var contentOptions: ContentOptions

    @Option(help: "Display size in pixels, WxH (as the panel scans out).")
    var size = PixelSize(width: 800, height: 480)

    @Option(help: "Pixels per point.")
    var scale = 1.0

    @Option(help: "Display rotation in degrees: 0, 90, 180 or 270.")
    var rotation = Rotation.none

    @Option(help: "Pixel format of the frames: xrgb8888 or rgb565.")
    var format = "xrgb8888"

    @Option(help: "Gesture script to replay.")
    var gesture: String?

    @Option(help: "Simulated seconds to run (default: 1.5 s after the last event, at least 1 s).")
    var seconds: Double?

    @Option(help: "Keep every Nth frame.")
    var every = 1

    @Option(help: "Output directory for the PNG frames.")
    var out: String

    func validate() throws {
        try RunCommand.validate(scale: scale)
        guard every >= 1 else { throw ValidationError("--every must be 1 or more") }
        guard ["xrgb8888", "rgb565"].contains(format) else { throw ValidationError("--format: xrgb8888 or rgb565") }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 3600) {
            throw ValidationError("--seconds must be between 0 and 3600")
        }
    }

    func run() throws {
        let logical = rotation.logicalSize(targetWidth: size.width, targetHeight: size.height)
        let layout = try CarouselLayout(widthPixels: logical.width, heightPixels: logical.height, scale: scale)
        let banners = contentOptions.loadBanners()
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: rotation, format: format == "rgb565" ? .rgb565 : .xrgb8888,
            background: Color(rgb: 0x101010),
            rendering: .inline(try ContentOptions.makeRenderer()))
        let script = try gesture.map { try TraceCommand.loadScript($0) } ?? GestureScript(events: [])
        var runner = TraceRunner(carousel: Carousel(layout: layout, count: banners.count), script: script)
        let frames = seconds.map { Int(($0 * 60).rounded()) + 1 } ?? max(61, runner.defaultFrameCount)
        do {
            try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        } catch {
            throw CommandFailure("\(out): cannot create the output directory (\(error.localizedDescription))")
        }
        let storage = PixelBufferStorage(
            width: size.width, height: size.height, format: format == "rgb565" ? .rgb565 : .xrgb8888)
        var written = 0
        var failure: Error?
        let summary = runner.run(frames: frames) { row, carousel in
            guard failure == nil, row.frame % every == 0 else { return }
            presenter.draw(carousel.visibleViews(), into: storage.buffer)
            let name = "frame-\(String(repeating: "0", count: max(0, 5 - String(row.frame).count)))\(row.frame).png"
            do {
                try PNGEncoder().write(storage.buffer.snapshot(), to: out + "/" + name)
                written += 1
            } catch {
                failure = error
            }
        }
        for problem in presenter.takeProblems() { Log.warning(problem) }
        if let failure { throw CommandFailure("\(out): cannot write frames (\(failure))") }
        print("rendered \(written) frame(s) of \(banners.count) banner(s) into \(out); \(summary.line)")
    }
}
