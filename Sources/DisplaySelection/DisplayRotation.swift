import Raster

/// How content is turned, clockwise, on its way from the logical (upright) picture to the scanout buffer:
/// the renderer's `Rotation`, so one value drives both the picture copy and the touch mapping.
public typealias DisplayRotation = Rotation

extension Rotation {
    /// Parses `0`, `90`, `180` or `270` (degrees clockwise); nil for anything else.
    public init?(degrees text: String) {
        guard let degrees = Int(text), [0, 90, 180, 270].contains(degrees) else { return nil }
        self.init(rawValue: degrees)
    }

    /// The logical picture's size for a scanout of `scanout` size.
    public func logicalSize(forScanout scanout: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: scanout.height, height: scanout.width) : scanout
    }

    /// The configured rotation if any, else the panel's correcting rotation, else none.
    public static func resolve(configured: Rotation?, panel: PanelOrientation?) -> Rotation {
        configured ?? panel?.correctingRotation ?? .none
    }
}
