import Raster

/// Which overlay planes could show a video banner (issue 45), or why the composed path shows it: the picture on an
/// opaque XRGB8888 plane, and above it an ARGB8888 plane with the banner's title, scrim and corners, the display
/// hardware blending the two as bannerd composes them. Chosen from the driver's own listing (`PlaneInfo`); a
/// test-only commit of the chosen pair, asked by `KMSDisplay`, has the last word.
public enum VideoPlanes: Equatable, Sendable {
    case planes(picture: UInt32, layer: UInt32)
    case composed(Reason)

    /// Why no pair of planes fits, one clause for the log and `ctl status`.
    public enum Reason: Equatable, Sendable, CustomStringConvertible {
        case rotated(Rotation)
        case noOverlay(crtcID: UInt32)
        case noFormat(String)
        case nothingAbove(picture: UInt32)
        /// The driver refused the test-only commit of the pair (or a step before it); its error.
        case refused(String)
        /// The pair was in use and stopped: a frame with it failed, or its memory could not be made; why.
        case stopped(String)

        public var description: String {
            switch self {
            case .rotated(let rotation):
                "the display is turned \(rotation.rawValue)°, and planes show their buffers unturned"
            case .noOverlay(let crtcID): "CRTC \(crtcID) has no overlay plane"
            case .noFormat(let format): "no overlay plane of the CRTC takes \(format)"
            case .nothingAbove(let picture): "no overlay plane above plane \(picture) takes AR24"
            case .refused(let error): "the driver refused the pair: \(error)"
            case .stopped(let reason): reason
            }
        }
    }

    /// For `ctl status` and the log: "planes 40 and 41", or "none: " and the reason.
    public var summary: String {
        switch self {
        case .planes(let picture, let layer): "planes \(picture) and \(layer)"
        case .composed(let reason): "none: \(reason)"
        }
    }

    /// DRM_FORMAT_ARGB8888, the layer's format (premultiplied alpha, as bannerd composes).
    public static let layerFormat: UInt32 = 0x3432_5241

    /// The pair for the CRTC at `crtcIndex` (id `crtcID`) among the card's `planes`: the lowest overlay that takes
    /// XRGB8888 for the picture, the highest above it that takes ARGB8888 for the layer.
    public static func choose(planes: [PlaneInfo], crtcIndex: Int, crtcID: UInt32, rotation: Rotation) -> VideoPlanes {
        guard rotation == .none else { return .composed(.rotated(rotation)) }
        let overlays = PlaneInfo.stacked(planes.filter { $0.kind == .overlay && $0.canShow(onCRTCAt: crtcIndex) })
        guard !overlays.isEmpty else { return .composed(.noOverlay(crtcID: crtcID)) }
        let xrgb = ScanoutFormat.code(.xrgb8888)
        guard let pictureAt = overlays.firstIndex(where: { $0.formats.contains(xrgb) }) else {
            return .composed(.noFormat("XR24"))
        }
        let picture = overlays[pictureAt]
        guard let layer = overlays[(pictureAt + 1)...].last(where: { $0.formats.contains(layerFormat) }) else {
            return .composed(.nothingAbove(picture: picture.id))
        }
        return .planes(picture: picture.id, layer: layer.id)
    }
}

/// Where a plane shows a banner's picture in one commit: the part of the picture's rectangle on the screen, and the
/// same part of the buffer that holds the picture at its size (planes are not asked to scale). Clipped here, not
/// left to the driver: some refuse a plane reaching past the CRTC's edges.
public struct PlanePlacement: Equatable, Sendable {
    /// In the buffer's pixels.
    public var source: PixelRect
    /// On the CRTC.
    public var destination: PixelRect

    public init(source: PixelRect, destination: PixelRect) {
        self.source = source
        self.destination = destination
    }

    /// The visible part of `picture` (on the CRTC, possibly past its edges) on a `screen`-sized CRTC; nil when none
    /// of it is on screen. (A 4:2:0 buffer, not used yet, would also need its source on even pixels.)
    public static func place(picture: PixelRect, screen: PixelSize) -> PlanePlacement? {
        let visible = picture.intersection(PixelRect(x: 0, y: 0, width: screen.width, height: screen.height))
        guard !visible.isEmpty else { return nil }
        return PlanePlacement(
            source: PixelRect(
                x: visible.x - picture.x, y: visible.y - picture.y, width: visible.width, height: visible.height),
            destination: visible)
    }
}
