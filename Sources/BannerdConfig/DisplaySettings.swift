import DisplaySelection
import Raster

/// `[display]`: what to drive and how. Every part defaults to "auto": chosen from what the hardware reports.
public struct DisplaySettings: Equatable, Sendable {
    /// Card, connector, mode and rotation as `DisplaySelector` takes them (nil parts: choose by capability;
    /// rotation nil: the connector's `panel orientation`, else none).
    public var selection = DisplayConfiguration()
    /// Pixels per point; nil: from the panel's physical size (`resolvedScale`).
    public var scale: Double?
    /// The scanout format; nil: XRGB8888, else RGB565 where the plane offers only that.
    public var format: PixelFormat?

    /// Auto everything.
    public init() {}

    /// The range `scale` accepts: below 0.5 text is unreadable, above 8 a banner would not fit any panel.
    public static let scaleRange = 0.5...8.0

    /// Pixels per point: the configured `scale`, else the panel's pixel density over 160 px per inch (the density
    /// at which a point is one pixel on Android and close to it on iOS), in quarter steps, never below 1.
    /// Panels that report no size (projectors, QEMU, many HDMI adapters) get 1.
    public func resolvedScale(
        widthPixels: Int, heightPixels: Int, widthMillimetres: Int, heightMillimetres: Int
    ) -> Double {
        if let scale { return scale }
        guard widthPixels > 0, heightPixels > 0, widthMillimetres > 0, heightMillimetres > 0 else { return 1 }
        // Average both axes: some EDIDs round one dimension to whole centimetres.
        let ppi =
            (Double(widthPixels) / Double(widthMillimetres) + Double(heightPixels) / Double(heightMillimetres))
            / 2 * 25.4
        let quarters = (ppi / 160 * 4).rounded() / 4
        return min(max(quarters, 1), Self.scaleRange.upperBound)
    }
}
