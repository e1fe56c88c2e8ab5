/// `[cec]`: the TV turned on and off over HDMI-CEC with the screen, and brought to bannerd's input.
public struct CECSettings: Equatable, Sendable {
    /// Which adapter.
    public enum Device: Equatable, Sendable {
        /// The adapter of the HDMI connector bannerd drives, as the kernel links them; none: CEC is off.
        case auto
        case off
        /// An adapter named by path, e.g. `/dev/cec1` (a USB adapter, or one the driver does not link).
        case path(String)
    }

    public var device = Device.auto
    /// The name the TV shows for bannerd's input in its menus.
    public var osdName = "bannerd"
    /// Whether the carousel takes the TV back when another device becomes the active source (a remote switched
    /// the TV's input); by default that is only reported.
    public var takeBack = false

    /// The longest OSD name CEC carries (Set OSD Name's 14 bytes).
    public static let osdNameLimit = 14

    public init() {}

    /// The adapter an output looks for: its `[[output]]` table's `cec` where it has one; else `device`: `auto` for
    /// every output (each finds the adapter the kernel links to its own connector: a Pi 4 has one for each HDMI port), an
    /// adapter named by path for the first output alone (one adapter is one TV's bus), `off` for none.
    public func device(forOutput own: Device?, first: Bool) -> Device {
        if let own { return own }
        if case .path = device, !first { return .off }
        return device
    }
}
