import BannerContent
import BannerdConfig
import CarouselEngine
import CarouselRendering
import CarouselTrace
import CommandLineParsing
import DisplaySelection
import FileAccess
import FrameLoop
import ImageDecoding
import Raster

/// `bannerd render`: the real engine and renderer in simulated time, writing PNG frames — a preview for content
/// designers and the basis of golden-image tests.
struct RenderCommand: BannerdCommand {
    static let spec = CommandSpec(
        name: "render",
        abstract: "Render carousel frames to PNG files in simulated time, without a display.",
        discussion: """
            Writes frame-NNNNN.png for every --every'th 60 Hz frame into --out (created if missing). \
            Gesture x/y are in the carousel's pixels (before --rotation). Settings come as for `bannerd run`: \
            the defaults, --board's profile, the configuration file (/etc/bannerd/bannerd.toml unless --config \
            says otherwise; it may be missing), then these options; so a preview shows the device's scale, \
            rotation, format, background, fonts, content and autoplay, each banner resting for its own duration, \
            and banners' schedules read at --at (default: now), their edges crossed as simulated time passes. \
            With `sync = "wall-clock"` autoplay follows the wall clock from --at, as every screen of a wall does.
            """,
        options: ConfigurationOptions.options + ContentOptions.options + WallClockOption.options + [
            .value("size", "Display size in pixels, WxH (as the panel scans out).", default: "800x480"),
            .value("scale", "Pixels per point (default: the configuration's, else 1)."),
            .value(
                "rotation", "Display rotation in degrees: 0, 90, 180 or 270 (default: the configuration's, else 0)."),
            .value(
                "format",
                "Pixel format of the frames: xrgb8888 or rgb565 (default: the configuration's, else xrgb8888)."),
            .value("gesture", "Gesture script to replay."),
            .value("seconds", "Simulated seconds to run (default: 1.5 s after the last event, at least 1 s)."),
            .value("every", "Keep every Nth frame.", default: "1"),
            .value("out", "Output directory for the PNG frames.", required: true),
        ])

    let configuration: ConfigurationOptions
    let contentOptions: ContentOptions
    let wallClock: WallClockOption
    let size: PixelSize
    let scale: Double?
    let rotation: Rotation?
    let format: PixelFormat?
    let gesture: String?
    let seconds: Double?
    let every: Int
    let out: String

    init(_ options: ParsedOptions) throws(UsageError) {
        configuration = ConfigurationOptions(options)
        contentOptions = ContentOptions(options)
        wallClock = try WallClockOption(options)
        size = try options.require("size", expected: PixelSize.argumentForm, PixelSize.init(argument:))
        scale = try RunCommand.scale(options)
        rotation = try options.value("rotation", expected: Rotation.argumentForm, Rotation.init(argument:))
        format = try options.value("format", expected: "xrgb8888 or rgb565", PixelFormat.init(name:))
        gesture = options.value("gesture")
        seconds = try SimulatedSeconds.parse(options, upTo: SimulatedSeconds.renderLimit)
        every = try options.require("every", expected: "1 or more") { Int($0).flatMap { $0 >= 1 ? $0 : nil } }
        out = try options.require("out")
    }

    func run() throws {
        let settings: Configuration
        do {
            settings = try configuration.load()
        } catch {
            throw CommandFailure("\(error)")
        }
        let rotation = rotation ?? settings.display.selection.rotation ?? .none
        let pixelFormat: PixelFormat =
            format ?? settings.display.format ?? .xrgb8888
        let logical = rotation.logicalSize(targetWidth: size.width, targetHeight: size.height)
        let metrics = settings.carousel.applied(to: CarouselMetrics())
        let layout = try CarouselLayout(
            widthPixels: logical.width, heightPixels: logical.height, scale: scale ?? settings.display.scale ?? 1,
            metrics: metrics)
        let loaded = contentOptions.loadBanners(
            orFrom: settings.contentDirectory, actions: Set(settings.actions.keys))
        // The banners their schedules allow at --at; the wall clock moves on with the simulated time.
        let start = wallClock.reading
        let renderer = try ContentOptions.makeRenderer(fonts: settings.fonts)
        var showing = Showing(loaded, now: .zero, reading: start) { banners in
            CarouselPresenter(
                banners: banners, layout: layout, rotation: rotation, format: pixelFormat,
                background: settings.carousel.background, rendering: .inline(renderer))
        }
        let presenter = showing.presenter
        let script = try gesture.map { try TraceCommand.loadScript($0) } ?? GestureScript(events: [])
        // As `bannerd run` builds it: the configuration's metrics (autoplay) and each banner's own duration; on the
        // wall clock's timeline with `sync = "wall-clock"`, simulated time 0 being --at.
        let wallOffset: Duration? = settings.carousel.sync == .wallClock ? .seconds(start.utcSeconds) : nil
        var runner = TraceRunner(
            carousel: showing.banners.carousel(layout: layout, metrics: metrics, wallOffset: wallOffset),
            script: script)
        let frames = seconds.map(SimulatedSeconds.frames) ?? max(61, runner.defaultFrameCount)
        do {
            try LocalFiles().makeDirectories(out, permissions: 0o755)
        } catch {
            throw CommandFailure("\(out): cannot create the output directory (\(error))")
        }
        let storage = PixelBufferStorage(width: size.width, height: size.height, format: pixelFormat)
        var written = 0
        var failure: Error?
        let summary = runner.run(frames: frames) { time, carousel in
            // The schedules' edges, as `bannerd run` meets them (MainLoop.applySchedules).
            let before = showing.scheduled.shown
            let reading = start.advanced(bySeconds: Int(time / .seconds(1)))
            switch showing.scheduled.step(at: time, reading: reading, carousel: carousel) {
            case .hold(let shown, let centre):
                carousel = showing.hold(
                    shown, centre: centre, after: carousel, before: before, wallOffset: wallOffset)
            case .slideAway:
                carousel.show(banner: (carousel.index + 1) % carousel.count, at: time)
            case nil:
                break
            }
        } emit: { row, carousel in
            // Animations advance at every 60 Hz step, as the loop's do, whether or not this frame is written; the
            // banners around are rendered first, so an animation begins when its banner does.
            presenter.focus(on: carousel)
            _ = presenter.advanceAnimations(carousel, at: FramePacer.step * row.frame)
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
        print("rendered \(written) frame(s) of \(loaded.count) banner(s) into \(out); \(summary.line)")
    }
}
