import BannerdConfig
import CarouselEngine
import CommandLineParsing
import DisplaySelection
import PrerenderThreads
import Raster

/// `bannerd run`: the appliance. Shows the carousel on the display and reacts to touch, mouse and keys.
struct RunCommand: BannerdCommand {
    static let spec = CommandSpec(
        name: "run",
        abstract: "Show the carousel on the display (DRM/KMS, or /dev/fb0) and react to touch.",
        discussion: """
            Settings come from the built-in defaults, then --board's profile, then the configuration file \
            (/etc/bannerd/bannerd.toml unless --config says otherwise; it may be missing), then these options. \
            Built-in demo banners when the content directory does not exist. SIGTERM or SIGINT restore the \
            screen and exit; SIGHUP reloads the content. A configuration error exits with status 78.
            """,
        options: ConfigurationOptions.options + [
            .value("content", "Content directory (images, optional banners.toml)."),
            .value("card", "DRM card to use, e.g. /dev/dri/card1 (default: the first with a connected display)."),
            .value(
                "output", "Connector by kernel name, e.g. HDMI-A-1, DSI-1, Virtual-1 (default: the first connected)."),
            .value("mode", "Mode WxH[@Hz] (default: the connector's preferred mode)."),
            .value(
                "rotation", "Rotation in degrees: 0, 90, 180 or 270 (default: the panel orientation property, else 0)."),
            .value("scale", "Pixels per point (default: from the connector's physical size, at least 1)."),
            .value("autoplay", "Autoplay interval in seconds (0 turns it off; default 5)."),
            .value("seat", "libinput seat (default seat0)."),
            .value("control", "Control socket path (default /run/bannerd/control.sock)."),
            .value(
                "vt",
                "Virtual terminal to switch to graphics mode with its keyboard muted (default: standard input, if it is one)."
            ),
            .flag("no-schedule", "Keep the screen on whatever the configuration's [schedule] says."),
            .value("fbdev", "Framebuffer device used when the machine has no DRM card.", default: "/dev/fb0"),
        ])

    let configurationOptions: ConfigurationOptions
    let content: String?
    let card: String?
    let output: String?
    let mode: ModeRequest?
    let rotation: Rotation?
    let scale: Double?
    let autoplay: Double?
    let seat: String?
    let control: String?
    let vt: String?
    let noSchedule: Bool
    let fbdev: String

    init(_ options: ParsedOptions) throws(UsageError) {
        configurationOptions = ConfigurationOptions(options)
        content = options.value("content")
        card = options.value("card")
        output = options.value("output")
        mode = try options.value("mode", expected: "like 1920x1080 or 1920x1080@60", ModeRequest.init(parsing:))
        rotation = try options.value("rotation", expected: Rotation.argumentForm, Rotation.init(argument:))
        scale = try Self.scale(options)
        autoplay = try options.value("autoplay", expected: "0 or more seconds") { Double($0).flatMap(Self.seconds) }
        seat = options.value("seat")
        control = options.value("control")
        vt = options.value("vt")
        noSchedule = options.flag("no-schedule")
        fbdev = try options.require("fbdev")
    }

    /// A duration in seconds as the options take it: finite, not negative.
    static func seconds(_ value: Double) -> Double? {
        value.isFinite && value >= 0 ? value : nil
    }

    func run() throws {
        CrashLine.installIfBacktracerIsOff()
        Log.info("bannerd \(BannerdVersion.current) starting")
        HeapPolicy.apply()
        let configuration: Configuration
        do {
            configuration = try configurationOptions.load(overrides: overrides)
        } catch {
            Log.error("\(error)")
            throw ExitStatus(Self.configurationError)
        }
        let settings = MainLoop.Settings(
            display: configuration.display.selection, format: configuration.display.format,
            scanout: configuration.display.scanout, fbdevPath: fbdev, scale: configuration.display.scale,
            metrics: configuration.carousel.applied(to: CarouselMetrics()), sync: configuration.carousel.sync,
            background: configuration.carousel.background,
            fonts: configuration.fonts,
            seat: configuration.input.seat, calibration: configuration.input.calibration ?? .identity,
            touchOutput: configuration.input.output,
            controlPath: configuration.controlSocketPath, terminalPath: vt,
            contentDirectory: configuration.contentDirectory, schedule: configuration.schedule,
            actions: configuration.actions, metricsTextfile: configuration.metricsTextfile,
            proofOfPlay: configuration.proofOfPlay, cec: configuration.cec, outputs: configuration.outputs)
        let loop = try MainLoop(settings: settings)
        try loop.run()
    }

    /// Any mistake in bannerd.toml, the board profile or the options: EX_CONFIG (sysexits.h), the unit's
    /// RestartPreventExitStatus, so systemd stops instead of restarting into a reboot loop.
    static let configurationError: Int32 = 78

    /// `--scale` takes what `scale` in bannerd.toml takes (`run`, `render` and `trace` share the rule).
    static func scale(_ options: ParsedOptions) throws(UsageError) -> Double? {
        try options.value("scale", expected: scaleExpected, scale(argument:))
    }

    static let scaleExpected = "a number of pixels per point \(DisplaySettings.scaleRange.spokenBounds)"

    static func scale(argument: String) -> Double? {
        Double(argument).flatMap { DisplaySettings.scaleRange.contains($0) ? $0 : nil }
    }

    /// The command line's part, laid over the files.
    private var overrides: ConfigurationOverrides {
        var o = ConfigurationOverrides()
        o.cardPath = card
        o.connectorName = output
        o.mode = mode
        o.rotation = rotation
        o.scale = scale
        o.seat = seat
        if let autoplay { o.autoplayInterval = .some(autoplay > 0 ? .seconds(floating: autoplay) : nil) }
        o.contentDirectory = content
        o.controlSocketPath = control
        o.ignoresSchedule = noSchedule
        return o
    }
}
