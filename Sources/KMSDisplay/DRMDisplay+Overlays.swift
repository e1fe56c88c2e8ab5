import DisplaySelection
import Raster
import SystemCalls

/// A framebuffer for a plane other than the primary: a dumb buffer in XRGB8888's layout, registered as XRGB8888
/// (opaque) or ARGB8888 (premultiplied alpha the display blends by), freed when the last holder lets go.
// Sendable because its properties never change after init and its pixels are written by one holder at a time (the
// loop lends it to the thread decoding a frame into it, which hands it back, `StreamRequest.planes`); its memory and
// framebuffer are freed by the last holder, and the card's ioctls on them are safe from any thread. The same handover
// runs under ThreadSanitizer with `FakePlaneMemory` (VideoOnPlanesWorkerTests); this class needs a DRM device, which
// the machine running ThreadSanitizer has not, so on the board it is `kms-wrappers` that plays a video through it.
public final class PlaneBuffer: PlaneMemory, @unchecked Sendable {
    let card: DRMCard
    let buffer: DumbBuffer
    /// The pixels to draw into (write only: scanout memory).
    public var pixels: PixelBuffer { buffer.pixels }

    /// `spareBytes`: memory past the last row a writer may touch (`AnimationFrame.scalerSlack` pixels for a buffer a
    /// video is decoded into), not shown.
    public init(display: DRMDisplay, width: Int, height: Int, alpha: Bool, spareBytes: Int = 0)
        throws(SystemCallError)
    {
        card = display.card
        buffer = try DumbBuffer.create(
            card: card, width: width, height: height, format: .xrgb8888,
            fourcc: alpha ? DRMConstants.fourccARGB8888 : nil, spareBytes: spareBytes)
    }

    deinit {
        buffer.destroy(on: card)
    }
}

extension DRMDisplay {
    /// Overlay plane `planeID`'s properties (atomic commits enabled), looked up once.
    func properties(ofOverlay planeID: UInt32) throws(SystemCallError) -> PlaneProperties {
        if let known = overlayProperties[planeID] { return known }
        try LibDRM.enableAtomic(card)
        let found = try PlaneProperties(of: planeID, on: card)
        overlayProperties[planeID] = found
        return found
    }

    /// Each overlay's values in a commit: its buffer's `source` at `destination`, or off where it has no buffer.
    func overlayValues(_ showings: [OverlayShowing]) throws(SystemCallError)
        -> [(id: UInt32, values: [(property: UInt32, value: UInt64)])]
    {
        var objects: [(id: UInt32, values: [(property: UInt32, value: UInt64)])] = []
        for showing in showings {
            var values: [(property: UInt32, value: UInt64)] = []
            let framebuffer: UInt32
            switch showing.buffer {
            case nil: framebuffer = 0
            case let buffer as PlaneBuffer where buffer.card === card: framebuffer = buffer.buffer.bufferID
            default:
                throw SystemCallError(
                    call: "overlay", refused: "plane \(showing.planeID): memory of another display",
                    .display(card.path))
            }
            try properties(ofOverlay: showing.planeID).write(
                buffer: framebuffer, crtcID: showing.buffer == nil ? 0 : plan.crtcID,
                source: showing.source, destination: showing.destination, into: &values)
            objects.append((showing.planeID, values))
        }
        return objects
    }

    /// Waits for the pending flip, then has `capture` (the CRTC's writeback connector) capture what the CRTC shows
    /// now: the primary plane and the overlays on glass, as blended by the display hardware.
    public func captureScanout(_ capture: WritebackCapture) throws -> Bitmap {
        guard try waitForFlip(), let captured = try commitOverlays([], capture: capture) else {
            throw SystemCallError(call: "captureScanout", refused: "a flip is still pending", .display(card.path))
        }
        return captured
    }
    /// One blocking atomic commit of overlay planes on the display's CRTC, the primary plane as it is. With
    /// `capture`, the writeback connector joins the CRTC for this commit (a modeset: the connectors change), the
    /// blend it wrote is returned, and a second commit takes the connector off again.
    public func commitOverlays(_ planes: [OverlayShowing], capture: WritebackCapture? = nil) throws(SystemCallError)
        -> Bitmap?
    {
        try LibDRM.enableAtomic(card)
        var objects = try overlayValues(planes)
        guard let capture else {
            _ = try LibDRM.atomicCommit(card, objects: objects, flags: 0)
            return nil
        }
        objects.append((capture.connectorID, capture.attach(crtcID: plan.crtcID)))
        _ = try LibDRM.atomicCommit(card, objects: objects, flags: DRMConstants.atomicAllowModeset)
        let captured = try capture.collect(timeout: .seconds(2))
        _ = try LibDRM.atomicCommit(
            card, objects: [(capture.connectorID, capture.detach)], flags: DRMConstants.atomicAllowModeset)
        return captured
    }
}

extension DRMDisplay: OverlayScanout {
    public func makePlaneMemory(width: Int, height: Int, alpha: Bool, spareBytes: Int) throws -> any PlaneMemory {
        try PlaneBuffer(display: self, width: width, height: height, alpha: alpha, spareBytes: spareBytes)
    }
}
