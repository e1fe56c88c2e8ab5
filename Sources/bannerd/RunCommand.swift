import ArgumentParser
import BannerdConfig
import CarouselEngine
import DisplaySelection
import PrerenderThreads
import Raster

/// `bannerd run`: the appliance. Shows the carousel on the display and reacts to touch, mouse and keys.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the carousel on the display (DRM/KMS, or /dev/fb0) and react to touch.",
        discussion: """
            Settings come from the built-in defaults, then --board's profile, then the configuration file \
            (/etc/bannerd/bannerd.toml unless --config says otherwise; it may be missing), then these options. \
            Built-in demo banners when the content directory does not exist. SIGTERM or SIGINT restore the \
            screen and exit; SIGHUP reloads the content. A configuration error exits with status 78.
            """
    )

    @OptionGroup var configurationOptions: ConfigurationOptions

    @Option(help: "Content directory (images, optional banners.toml).")
    var content: String?

    @Option(help: "DRM card to use, e.g. /dev/dri/card1 (default: the first with a connected display).")
    var card: String?

    @Option(help: "Connector by kernel name, e.g. HDMI-A-1, DSI-1, Virtual-1 (default: the first connected).")
    var output: String?

    @Option(help: "Mode WxH[@Hz] (default: the connector's preferred mode).")
    var mode: String?

    @Option(help: "Rotation in degrees: 0, 90, 180 or 270 (default: the panel orientation property, else 0).")
    var rotation: Rotation?

    @Option(help: "Pixels per point (default: from the connector's physical size, at least 1).")
    var scale: Double?

    @Option(help: "Autoplay interval in seconds (0 turns it off; default 5).")
    var autoplay: Double?

    @Option(help: "libinput seat (default seat0).")
    var seat: String?

    @Option(help: "Control socket path (default /run/bannerd/control.sock).")
    var control: String?

    @Option(
        help:
            "Virtual terminal to switch to graphics mode with its keyboard muted (default: standard input, if it is one)."
    )
    var vt: String?

    @Flag(help: "Keep the screen on whatever the configuration's [schedule] says.")
    var noSchedule = false

    @Option(help: "Framebuffer device used when the machine has no DRM card.")
    var fbdev = "/dev/fb0"

    func validate() throws {
        if let scale { try Self.validate(scale: scale) }
        if let autoplay, !(autoplay.isFinite && autoplay >= 0) {
            throw ValidationError("--autoplay must be 0 or more seconds")
        }
        if let mode, ModeRequest(parsing: mode) == nil {
            throw ValidationError("--mode must look like 1920x1080 or 1920x1080@60")
        }
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
            throw Self.configurationError
        }
        let settings = MainLoop.Settings(
            display: configuration.display.selection, format: configuration.display.format,
            scanout: configuration.display.scanout, fbdevPath: fbdev, scale: configuration.display.scale,
            metrics: configuration.carousel.applied(to: CarouselMetrics()),
            background: configuration.carousel.background,
            fonts: configuration.fonts,
            seat: configuration.input.seat, calibration: configuration.input.calibration ?? .identity,
            controlPath: configuration.controlSocketPath, terminalPath: vt,
            contentDirectory: configuration.contentDirectory, schedule: configuration.schedule,
            actions: configuration.actions, metricsTextfile: configuration.metricsTextfile,
            proofOfPlay: configuration.proofOfPlay)
        let loop = try MainLoop(settings: settings)
        try loop.run()
    }

    /// Any mistake in bannerd.toml, the board profile or the options: EX_CONFIG (sysexits.h), the unit's
    /// RestartPreventExitStatus, so systemd stops instead of restarting into a reboot loop.
    static let configurationError = ExitCode(78)

    /// `--scale` takes what `scale` in bannerd.toml takes (`run` and `render` share the rule).
    static func validate(scale: Double) throws {
        let range = DisplaySettings.scaleRange
        guard range.contains(scale) else {
            throw ValidationError("--scale must be a number of pixels per point \(range.spokenBounds)")
        }
    }

    /// The command line's part, laid over the files.
    private var overrides: ConfigurationOverrides {
        var o = ConfigurationOverrides()
        o.cardPath = card
        o.connectorName = output
        o.mode = mode.flatMap(ModeRequest.init(parsing:))
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
