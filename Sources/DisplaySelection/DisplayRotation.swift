/// How content is turned, clockwise, on its way from the logical (upright) picture to the scanout buffer.
///
/// One value drives both the picture copy and the touch mapping, so they cannot disagree.
public enum DisplayRotation: Int, Equatable, Sendable, CaseIterable {
    case normal = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    /// Parses `0`, `90`, `180` or `270` (degrees clockwise); nil for anything else.
    public init?(degrees text: String) {
        guard let degrees = Int(text) else { return nil }
        self.init(rawValue: degrees)
    }

    /// Whether width and height swap between the scanout and the logical picture.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The logical picture's size for a scanout of `scanout` size.
    public func logicalSize(forScanout scanout: PixelSize) -> PixelSize {
        swapsAxes ? PixelSize(width: scanout.height, height: scanout.width) : scanout
    }

    /// The configured rotation if any, else the panel's correcting rotation, else none.
    public static func resolve(configured: DisplayRotation?, panel: PanelOrientation?) -> DisplayRotation {
        configured ?? panel?.correctingRotation ?? .normal
    }
}
