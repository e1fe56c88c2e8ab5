import Raster

/// Memory an overlay plane shows (issue 45): pixels the loop or a worker writes, freed when the last holder lets go.
/// The display holds the memory of the planes on glass and in flight, as long as they may be scanned out. Sendable:
/// the loop lends a buffer to the thread that decodes a frame into it, which hands it back; one writes it at a time.
public protocol PlaneMemory: AnyObject, Sendable {
    /// The pixels to write (write only where it is scanout memory).
    var pixels: PixelBuffer { get }
}

/// What one overlay plane shows in a commit: `source` of `buffer` at `destination` on the CRTC (past its edges
/// the driver clips), or nothing (`buffer` nil: the plane is switched off).
public struct OverlayShowing: Sendable {
    public var planeID: UInt32
    public var buffer: (any PlaneMemory)?
    public var source: PixelRect
    public var destination: PixelRect

    public init(planeID: UInt32, buffer: (any PlaneMemory)?, source: PixelRect, destination: PixelRect) {
        self.planeID = planeID
        self.buffer = buffer
        self.source = source
        self.destination = destination
    }

    /// The plane switched off.
    public static func off(_ planeID: UInt32) -> OverlayShowing {
        let nothing = PixelRect(x: 0, y: 0, width: 0, height: 0)
        return OverlayShowing(planeID: planeID, buffer: nil, source: nothing, destination: nothing)
    }
}

/// A display with overlay planes above its primary one (DRM/KMS: `VideoPlanes` chooses them). What they show is set
/// apart from the primary plane's frame and goes to glass in the same flip as the next frame, panned window or
/// `presentOverlays()`.
public protocol OverlayScanout: ScanoutDevice {
    /// Memory for an overlay plane of this display, `width × height`: opaque (XRGB8888), or with premultiplied alpha
    /// (ARGB8888); `spareBytes` past the last row for a writer that overruns it (a video's scaler), not shown.
    func makePlaneMemory(width: Int, height: Int, alpha: Bool, spareBytes: Int) throws -> any PlaneMemory
    /// What the overlay planes show from the next flip on; a plane shown before and left out is switched off.
    var overlays: [OverlayShowing] { get set }
    /// Queues a flip of the picture on screen again with `overlays` changed alone (a video's next frame while the
    /// carousel rests: no pixel of the primary plane written); `.busy` while a flip is pending, `.shown` when no
    /// overlay is on or asked for.
    func presentOverlays() throws -> PresentOutcome
}

extension OverlayShowing {
    /// Lays what this plane shows over `target`, the primary plane's frame (not turned), as bannerd composes: an opaque
    /// plane replaces what is under it, one with alpha is premultiplied source-over (`alpha`). For a screenshot: it
    /// reads the plane's memory, slow where that is scanout memory, so never on the loop.
    public func lay(over target: PixelBuffer, alpha: Bool) {
        guard let memory = buffer else { return }
        let pixels = memory.pixels
        for row in 0..<min(source.height, destination.height) {
            let y = destination.y + row
            guard y >= 0, y < target.height else { continue }
            let from = (pixels.base + (source.y + row) * pixels.stride).assumingMemoryBound(to: UInt32.self)
            let into = target.base + y * target.stride
            for column in 0..<min(source.width, destination.width) {
                let x = destination.x + column
                guard x >= 0, x < target.width else { continue }
                let under = target.xrgb(x: x, y: y) ?? 0
                let pixel = alpha ? PixelMath.sourceOver(from[source.x + column], under) : from[source.x + column]
                switch target.format {
                case .xrgb8888: into.storeBytes(of: pixel | 0xFF00_0000, toByteOffset: x * 4, as: UInt32.self)
                case .rgb565: into.storeBytes(of: PixelMath.rgb565(pixel), toByteOffset: x * 2, as: UInt16.self)
                }
            }
        }
    }
}
