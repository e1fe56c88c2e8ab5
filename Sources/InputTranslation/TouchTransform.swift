import CarouselEngine
import DisplaySelection
import Raster

/// Maps touch-panel and absolute-pointer coordinates to logical display pixels.
///
/// The digitizer's calibration (a fix for how the touch film sits on the glass) is applied first, in the panel's
/// own coordinates; the display rotation (how content is turned onto the scanout) is undone after, so touch and
/// picture always use the same rotation.
public struct TouchTransform: Equatable, Sendable {
    /// The scanout mode's size, before rotation.
    public var scanoutSize: PixelSize
    /// How content is turned onto the scanout.
    public var rotation: DisplayRotation
    /// The digitizer's own correction, applied before rotation (identity for none).
    public var calibration: CalibrationMatrix

    /// A transform for a scanout of `scanoutSize`.
    public init(scanoutSize: PixelSize, rotation: DisplayRotation = .none, calibration: CalibrationMatrix = .identity) {
        self.scanoutSize = scanoutSize
        self.rotation = rotation
        self.calibration = calibration
    }

    /// The size of the upright picture the engine lays out.
    public var displaySize: PixelSize { rotation.logicalSize(forScanout: scanoutSize) }

    /// A touch at `panel` (normalised, native orientation) in display pixels, clamped to the display.
    public func displayPoint(touch panel: NormalizedPoint) -> PixelPoint {
        displayPoint(pointer: calibration.apply(panel))
    }

    /// An absolute pointer at `panel` (normalised over the whole scanout, e.g. QEMU's tablet) in display
    /// pixels, clamped. Calibration is a digitizer matter and does not apply.
    public func displayPoint(pointer panel: NormalizedPoint) -> PixelPoint {
        let upright = undoRotation(panel)
        let size = displaySize
        return clamp(PixelPoint(x: upright.x * Double(size.width), y: upright.y * Double(size.height)))
    }

    /// A physical position on the panel (millimetres from its native top left) turned upright.
    /// `panelSize` is the panel's width and height in its native orientation.
    public func uprightMillimetres(_ point: MillimetrePoint, panelSize: MillimetrePoint) -> MillimetrePoint {
        guard panelSize.x > 0, panelSize.y > 0 else { return point }
        let upright = undoRotation(NormalizedPoint(x: point.x / panelSize.x, y: point.y / panelSize.y))
        let size = rotation.swapsAxes ? MillimetrePoint(x: panelSize.y, y: panelSize.x) : panelSize
        return MillimetrePoint(x: upright.x * size.x, y: upright.y * size.y)
    }

    /// Keeps a position on the display: x in 0...width-1, y in 0...height-1.
    public func clamp(_ point: PixelPoint) -> PixelPoint {
        let size = displaySize
        let maxX = Double(max(size.width - 1, 0))
        let maxY = Double(max(size.height - 1, 0))
        return PixelPoint(x: min(max(point.x, 0), maxX), y: min(max(point.y, 0), maxY))
    }

    /// Scanout-normalised to upright-normalised. Content turned clockwise by R onto the scanout puts the upright
    /// picture's top-left corner at the scanout's top-right for 90°, bottom-right for 180°, bottom-left for 270°.
    func undoRotation(_ point: NormalizedPoint) -> NormalizedPoint {
        switch rotation {
        case .none: return point
        case .clockwise90: return NormalizedPoint(x: point.y, y: 1 - point.x)
        case .clockwise180: return NormalizedPoint(x: 1 - point.x, y: 1 - point.y)
        case .clockwise270: return NormalizedPoint(x: 1 - point.y, y: point.x)
        }
    }
}
