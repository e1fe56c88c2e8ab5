import DisplaySelection
import Raster

/// `[display]`: what to drive and how. Every part defaults to "auto": chosen from what the hardware reports.
public struct DisplaySettings: Equatable, Sendable {
    /// Card, connector, mode and rotation as `DisplaySelector` takes them (nil parts: choose by capability;
    /// rotation nil: the connector's `panel orientation`, else none).
    public var selection = DisplayConfiguration()
    /// Pixels per point; nil: from the panel's physical size (`resolvedScale`).
    public var scale: Double?
    /// The scanout format; nil (`auto`): XRGB8888, or RGB565 where the plane offers only that (`ScanoutFormat`).
    public var format: PixelFormat?
    /// Whether a moving carousel pans the display over strips or composes each frame (`ScanoutSetting`).
    public var scanout = ScanoutSetting.auto

    /// Auto everything.
    public init() {}

    /// The range `scale` accepts: below 0.5 text is unreadable, above 8 a banner would not fit any panel.
    public static let scaleRange = 0.5...8.0

    /// Pixels per point: the configured `scale`, else the panel's pixel density over 160 pixels per inch (a point
    /// is 1/160 inch, as on Android; iOS is close), in half steps, never below 1 nor above 8. Panels that report
    /// no size (projectors, QEMU, many HDMI adapters) get 1. The same rule as `bannerd run` without --scale.
    public func resolvedScale(widthPixels: Int, widthMillimetres: Int) -> Double {
        if let scale { return scale }
        guard widthPixels > 0, widthMillimetres > 0 else { return 1 }
        let pixelsPerInch = Double(widthPixels) / (Double(widthMillimetres) / 25.4)
        let halves = (pixelsPerInch / 160 * 2).rounded() / 2
        return min(max(halves, 1), Self.scaleRange.upperBound)
    }
}
