/// A connector's kind as the kernel numbers it (`DRM_MODE_CONNECTOR_*` in drm_mode.h).
public struct ConnectorType: RawRepresentable, Hashable, Sendable {
    /// The kernel's `DRM_MODE_CONNECTOR_*` number.
    public var rawValue: UInt32

    /// The type with the kernel's number `rawValue`.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// DRM_MODE_CONNECTOR_Unknown.
    public static let unknown = ConnectorType(rawValue: 0)
    /// DRM_MODE_CONNECTOR_VGA.
    public static let vga = ConnectorType(rawValue: 1)
    /// DRM_MODE_CONNECTOR_HDMIA.
    public static let hdmiA = ConnectorType(rawValue: 11)
    /// DRM_MODE_CONNECTOR_eDP.
    public static let eDP = ConnectorType(rawValue: 14)
    /// DRM_MODE_CONNECTOR_VIRTUAL (QEMU's bochs, virtio).
    public static let virtual = ConnectorType(rawValue: 15)
    /// DRM_MODE_CONNECTOR_DSI (e.g. the Raspberry Pi 7" panel).
    public static let dsi = ConnectorType(rawValue: 16)
    /// DRM_MODE_CONNECTOR_DPI.
    public static let dpi = ConnectorType(rawValue: 17)
    /// DRM_MODE_CONNECTOR_WRITEBACK: captures what a CRTC blends into a buffer; listed only to clients that ask
    /// (DRM_CLIENT_CAP_WRITEBACK_CONNECTORS).
    public static let writeback = ConnectorType(rawValue: 18)
    /// DRM_MODE_CONNECTOR_SPI (small SPI panels, no vblank).
    public static let spi = ConnectorType(rawValue: 19)

    /// The prefix the kernel uses in connector names (`drm_connector_enum_list` in drm_connector.c), so the names
    /// users see in /sys/class/drm (card0-HDMI-A-1) are the names bannerd accepts.
    public var kernelName: String {
        switch rawValue {
        case 0: return "Unknown"
        case 1: return "VGA"
        case 2: return "DVI-I"
        case 3: return "DVI-D"
        case 4: return "DVI-A"
        case 5: return "Composite"
        case 6: return "SVIDEO"
        case 7: return "LVDS"
        case 8: return "Component"
        case 9: return "DIN"
        case 10: return "DP"
        case 11: return "HDMI-A"
        case 12: return "HDMI-B"
        case 13: return "TV"
        case 14: return "eDP"
        case 15: return "Virtual"
        case 16: return "DSI"
        case 17: return "DPI"
        case 18: return "Writeback"
        case 19: return "SPI"
        case 20: return "USB"
        default: return "Unknown\(rawValue)"
        }
    }

    /// The connector's kernel name: the type's prefix and the per-type index, e.g. `HDMI-A-1`.
    public func connectorName(typeID: UInt32) -> String {
        "\(kernelName)-\(typeID)"
    }
}
