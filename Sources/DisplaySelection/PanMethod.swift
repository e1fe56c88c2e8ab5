/// How the display shows a screen-sized window of a larger scanout buffer (a strip) without copying a pixel.
///
/// Drivers differ, and a driver that ignores the method still accepts it and shows the wrong picture, so no call
/// can tell: what each driver honours is measured on the QEMU board by screendumps (board test `pan-probe`).
public enum PanMethod: String, CaseIterable, Sendable {
    /// A framebuffer that starts at the window's byte offset inside the strip (drmModeAddFB2's offset), shown with
    /// a legacy page flip: for drivers that scan out from the framebuffer's start.
    case framebufferOffset = "framebuffer-offset"
    /// The strip's own framebuffer with the primary plane's SRC_X and SRC_Y at the window, in an atomic commit:
    /// KMS's own way to show part of a framebuffer.
    case planeSource = "plane-source"

    /// The method measured to show the right window on `driver` (the name drmGetVersion gives); nil for a driver
    /// not measured. bochs scans out from the framebuffer's offset and ignores the plane's source offset.
    public static func measured(driver: String) -> PanMethod? {
        switch driver {
        case "bochs-drm": .framebufferOffset
        case "virtio_gpu": .planeSource
        default: nil
        }
    }
}

/// `scanout` in bannerd.toml's `[display]`: whether a moving carousel pans the display or composes each frame.
public enum ScanoutSetting: String, CaseIterable, Sendable {
    /// Pan where the driver's way is measured (`PanMethod.measured`), compose elsewhere.
    case auto
    /// Pan on any driver: where not measured, by the plane's source offset, KMS's own way to show part of a
    /// framebuffer. A driver that ignores it shows the wrong part and no call says so: the operator's word only.
    case pan
    /// Compose every frame.
    case compose

    /// How to pan on `driver` (the name drmGetVersion gives); nil: compose.
    public func panMethod(driver: String) -> PanMethod? {
        switch self {
        case .auto: PanMethod.measured(driver: driver)
        case .pan: PanMethod.measured(driver: driver) ?? .planeSource
        case .compose: nil
        }
    }
}
