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
}
