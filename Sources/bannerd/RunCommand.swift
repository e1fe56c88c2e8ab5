import ArgumentParser
import CarouselEngine
import DisplaySelection
import Foundation
import Raster

/// `bannerd run`: the appliance. Shows the carousel on the display and reacts to touch, mouse and keys.
struct RunCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Show the carousel on the display (DRM/KMS, or /dev/fb0) and react to touch.",
        discussion: """
            Built-in demo banners when no --content is given. SIGTERM or SIGINT restore the screen and exit; \
            SIGHUP reloads the content. The display is chosen by capability unless --card/--output say otherwise.
            """
    )

    @OptionGroup var contentOptions: ContentOptions

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

    @Option(help: "Autoplay interval in seconds (0 turns it off).")
    var autoplay = 5.0

    @Option(help: "libinput seat.")
    var seat = "seat0"

    @Option(help: "Control socket path (omit for none).")
    var control: String?

    @Option(
        help:
            "Virtual terminal to switch to graphics mode with its keyboard muted (default: standard input, if it is one)."
    )
    var vt: String?

    @Option(help: "Framebuffer device used when no DRM display is usable.")
    var fbdev = "/dev/fb0"

    func validate() throws {
        if let scale, !(scale.isFinite && scale > 0 && scale <= 8) {
            throw ValidationError("--scale must be in (0, 8]")
        }
        guard autoplay.isFinite, autoplay >= 0 else { throw ValidationError("--autoplay must be 0 or more seconds") }
        if let mode, ModeRequest(parsing: mode) == nil {
            throw ValidationError("--mode must look like 1920x1080 or 1920x1080@60")
        }
    }

    func run() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay > 0 ? .seconds(floating: autoplay) : nil
        let settings = MainLoop.Settings(
            display: DisplayConfiguration(
                cardPath: card, connectorName: output, mode: mode.flatMap(ModeRequest.init(parsing:)),
                rotation: rotation),
            fbdevPath: fbdev, scale: scale, metrics: metrics, seat: seat, controlPath: control, terminalPath: vt,
            content: contentOptions)
        let loop = try MainLoop(settings: settings)
        try loop.run()
    }
}
