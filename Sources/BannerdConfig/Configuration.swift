import ProofOfPlay
import WallClock

/// Everything `/etc/bannerd/bannerd.toml` can set, with its defaults (see `config/bannerd.toml`).
///
/// Layers, later ones winning key by key: these defaults, a board profile (`--board NAME`), the config file,
/// then command-line options (`ConfigurationOverrides`). `ConfigurationLoader` applies them in that order.
public struct Configuration: Equatable, Sendable {
    /// `[display]`: which card, connector and mode, how the picture is turned and scaled.
    public var display = DisplaySettings()
    /// `[input]`: the libinput seat and an optional calibration matrix.
    public var input = InputSettings()
    /// `[carousel]`: insets, gap, corners, autoplay, background, fonts.
    public var carousel = CarouselSettings()
    /// `[content] directory`: where the banners (images, optional banners.toml) are.
    public var contentDirectory = "/var/lib/bannerd/content"
    /// `[control] socket`: the control socket's path (under systemd's `RuntimeDirectory=bannerd`).
    public var controlSocketPath = "/run/bannerd/control.sock"
    /// `[metrics] textfile`: where the Prometheus textfile is written for node_exporter; nil: not written.
    public var metricsTextfile: String? = "/var/lib/prometheus/node-exporter/bannerd.prom"
    /// `[proof_of_play] directory`: where the daily proof-of-play files go; nil: none kept.
    public var proofOfPlayDirectory: String? = PlayLogFiles.defaultDirectory
    /// `[proof_of_play] keep_days`: how many days of files are kept, today's included.
    public var proofOfPlayKeepDays = PlayLogFiles.defaultKeepDays
    /// The proof-of-play files as configured; nil when turned off.
    public var proofOfPlay: PlayLogFiles? {
        proofOfPlayDirectory.map { PlayLogFiles(directory: $0, keepDays: proofOfPlayKeepDays) }
    }
    /// `[cec]`: the TV switched with the screen over HDMI-CEC.
    public var cec = CECSettings()
    /// `[schedule]`: when the screen is on; nil keeps it on around the clock.
    public var schedule: ScreenSchedule?
    /// `[actions]`: the programs a tap may run, by the name banners.toml gives (`action = "show-offer"`): each an
    /// argv, the program's absolute path first.
    public var actions: [String: [String]] = [:]
    /// `[[output]]`: the connectors bannerd drives, each with what it shows unlike the others; empty: every connected
    /// output, alike.
    public var outputs: [OutputSettings] = []

    /// The defaults.
    public init() {}

    /// The defaults, named for call sites that read better with it.
    public static let defaults = Configuration()

    /// Where the config file is read from when no `--config PATH` is given (a missing file is fine then).
    public static let defaultPath = "/etc/bannerd/bannerd.toml"

    /// Whether the screen should be lit at local time `time`: always, unless a schedule says otherwise.
    public func isScreenOn(at time: LocalTime) -> Bool {
        schedule?.contains(time) ?? true
    }
}
