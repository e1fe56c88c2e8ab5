import DisplaySelection

/// What `bannerd run`'s options set over the files; each nil part leaves the file's (or default) value alone.
/// Only options `run` has are here: the rest is set in `bannerd.toml`.
public struct ConfigurationOverrides: Equatable, Sendable {
    /// `--card PATH`.
    public var cardPath: String?
    /// `--output NAME`.
    public var connectorName: String?
    /// `--mode WxH[@Hz]`.
    public var mode: ModeRequest?
    /// `--rotation DEGREES`.
    public var rotation: DisplayRotation?
    /// `--scale PX_PER_POINT`, in `DisplaySettings.scaleRange` as in the file.
    public var scale: Double?
    /// `--seat NAME`.
    public var seat: String?
    /// `--autoplay SECONDS`; `.some(nil)` turns autoplay off (`--autoplay 0`).
    public var autoplayInterval: Duration??
    /// `--content DIR`.
    public var contentDirectory: String?
    /// `--control PATH`.
    public var controlSocketPath: String?
    /// `--no-schedule`: keep the screen on whatever the file's `[schedule]` says.
    public var ignoresSchedule = false

    /// No overrides.
    public init() {}
}

extension Configuration {
    /// This configuration with the command line's options applied: they win over every file.
    public func applying(_ o: ConfigurationOverrides) -> Configuration {
        var c = self
        if let v = o.cardPath { c.display.selection.cardPath = v }
        if let v = o.connectorName { c.display.selection.connectorName = v }
        if let v = o.mode { c.display.selection.mode = v }
        if let v = o.rotation { c.display.selection.rotation = v }
        if let v = o.scale { c.display.scale = v }
        if let v = o.seat { c.input.seat = v }
        if let v = o.autoplayInterval { c.carousel.autoplayInterval = v }
        if let v = o.contentDirectory { c.contentDirectory = v }
        if let v = o.controlSocketPath { c.controlSocketPath = v }
        if o.ignoresSchedule { c.schedule = nil }
        return c
    }
}
