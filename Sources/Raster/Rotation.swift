/// How the composed picture is turned on its way to the panel, clockwise, for portrait signage.
///
/// `clockwise90` means the logical picture appears turned a quarter turn clockwise in the scanout buffer: logical
/// (x, y) lands at target (logicalHeight − 1 − y, x). Use the same value for the touch mapping
/// (`logicalPoint(fromTarget:)`) so picture and touch can never disagree.
public enum Rotation: Int, CaseIterable, Sendable {
    case none = 0
    case clockwise90 = 90
    case clockwise180 = 180
    case clockwise270 = 270

    /// A rotation from degrees (0, 90, 180, 270; negative or ≥ 360 wrap); nil for other angles.
    public init?(degrees: Int) {
        let d = ((degrees % 360) + 360) % 360
        self.init(rawValue: d)
    }

    /// True when width and height trade places.
    public var swapsAxes: Bool { self == .clockwise90 || self == .clockwise270 }

    /// The target (scanout) size for a logical size.
    public func targetSize(logicalWidth w: Int, logicalHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// The logical size for a target (scanout) size.
    public func logicalSize(targetWidth w: Int, targetHeight h: Int) -> (width: Int, height: Int) {
        swapsAxes ? (h, w) : (w, h)
    }

    /// Where logical pixel (x, y) lands in the target, for a logical picture of `logicalWidth × logicalHeight`.
    public func targetPoint(x: Int, y: Int, logicalWidth lw: Int, logicalHeight lh: Int) -> (x: Int, y: Int) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (lh - 1 - y, x)
        case .clockwise180: return (lw - 1 - x, lh - 1 - y)
        case .clockwise270: return (y, lw - 1 - x)
        }
    }

    /// The logical pixel shown at target pixel (x, y): the inverse of `targetPoint`, for touch input.
    public func logicalPoint(targetX x: Int, targetY y: Int, logicalWidth lw: Int, logicalHeight lh: Int) -> (
        x: Int, y: Int
    ) {
        switch self {
        case .none: return (x, y)
        case .clockwise90: return (y, lh - 1 - x)
        case .clockwise180: return (lw - 1 - x, lh - 1 - y)
        case .clockwise270: return (lw - 1 - y, x)
        }
    }

    /// The target rectangle covered by a logical rectangle.
    public func targetRect(_ r: PixelRect, logicalWidth lw: Int, logicalHeight lh: Int) -> PixelRect {
        switch self {
        case .none: return r
        case .clockwise90: return PixelRect(x: lh - r.maxY, y: r.x, width: r.height, height: r.width)
        case .clockwise180: return PixelRect(x: lw - r.maxX, y: lh - r.maxY, width: r.width, height: r.height)
        case .clockwise270: return PixelRect(x: r.y, y: lw - r.maxX, width: r.height, height: r.width)
        }
    }
}
