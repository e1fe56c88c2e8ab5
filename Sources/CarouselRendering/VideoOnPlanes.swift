import CarouselEngine
import DisplaySelection
import ImageDecoding
import Raster

/// The pair of overlay planes a streamed banner's frames are shown on (issue 45, `VideoPlanes`): its frames' pictures
/// on the lower plane, decoded straight into its memory, and its scrim, text and corners above them on the other,
/// written once. Under them the primary plane keeps the banner's first frame, so that while it plays no pixel of the
/// primary plane is written; each frame is a flip of the planes alone at rest, or a change of their place in the
/// commit of a frame or panned window while the carousel moves. The frame's first picture needs no plane: the
/// primary shows it already, and the planes are off then.
///
/// One banner has the planes at a time (`owner`); `CarouselPresenter` chooses it and hands them over.
final class VideoOnPlanes {
    let display: any OverlayScanout
    let pictureID: UInt32
    let layerID: UInt32
    /// The banner's size, and the screen's (the CRTC's), in pixels.
    private let banner: PixelSize
    private let screen: PixelSize
    /// The banner whose frames the planes show; nil: none.
    private(set) var owner: Int?
    /// The owner's layer, written when it took the planes.
    private(set) var layer: (any PlaneMemory)?
    /// The pictures' memory, made as needed up to `capacity`: each is lent for a frame while nobody else holds it.
    private var pictures: [(any PlaneMemory)?] = []
    /// Why the planes stopped (their memory could not be made), once; from then on every frame is composed.
    private(set) var failure: String?

    /// Pictures at most: the frames drawn ahead of the one due and a late one, the one shown, and the one on glass
    /// until the flip replacing it completes.
    static let capacity = StreamPlayout.window + 3

    init(display: any OverlayScanout, picture: UInt32, layer: UInt32, banner: PixelSize, screen: PixelSize) {
        self.display = display
        pictureID = picture
        layerID = layer
        self.banner = banner
        self.screen = screen
    }

    /// `banner` takes the planes, its layer written by `write` into their memory; false when that memory could not
    /// be made (`failure`).
    func take(_ banner: Int, layer write: (any PlaneMemory) -> Void) -> Bool {
        guard failure == nil else { return false }
        owner = nil
        do {
            // The planes may show the last owner's layer until the next flip: its memory is written over only when
            // nothing else holds it.
            if !Self.isFree(&layer) { layer = try fresh(alpha: true) }
            if let layer { write(layer) }
        } catch {
            stop("making a plane's memory failed: \(error)")
            return false
        }
        owner = banner
        return true
    }

    /// The planes are free (their banner left the screen, or another takes them).
    func release() {
        owner = nil
    }

    /// Memory for the owner's next picture, which nothing holds (no frame, no flip); nil when all `capacity` are held,
    /// or memory could not be made (`failure`).
    func lend() -> (any PlaneMemory)? {
        guard failure == nil, owner != nil else { return nil }
        for i in pictures.indices where Self.isFree(&pictures[i]) { return pictures[i] }
        guard pictures.count < Self.capacity else { return nil }
        do {
            let made = try fresh(alpha: false)
            pictures.append(made)
            return made
        } catch {
            stop("making a plane's memory failed: \(error)")
            return nil
        }
    }

    /// Shows `frame` (the owner's, when it is on a plane) at `view`'s place on the planes from the next flip on; the
    /// planes off otherwise. Returns whether what they show changed. Called at every step: it allocates only when
    /// they change.
    @discardableResult
    func show(_ frame: DrawnFrame?, at view: ViewPlacement?) -> Bool {
        guard let frame, frame.banner == owner, case .plane(let memory) = frame.picture, let view, let layer,
            let placed = PlanePlacement.place(
                picture: PixelRect(x: view.x, y: view.y, width: banner.width, height: banner.height), screen: screen)
        else {
            guard !display.overlays.isEmpty else { return false }
            display.overlays = []
            return true
        }
        let current = display.overlays
        if current.count == 2, current[0].planeID == pictureID, current[0].buffer === memory,
            current[1].planeID == layerID, current[1].buffer === layer,
            current.allSatisfy({ $0.source == placed.source && $0.destination == placed.destination })
        {
            return false
        }
        display.overlays = [
            OverlayShowing(planeID: pictureID, buffer: memory, source: placed.source, destination: placed.destination),
            OverlayShowing(planeID: layerID, buffer: layer, source: placed.source, destination: placed.destination),
        ]
        return true
    }

    /// New memory for the layer (`alpha`) or a picture, which has room past its last row for a video's scaler.
    private func fresh(alpha: Bool) throws -> any PlaneMemory {
        try display.makePlaneMemory(
            width: banner.width, height: banner.height, alpha: alpha,
            spareBytes: alpha ? 0 : AnimationFrame.scalerSlack * PixelFormat.xrgb8888.bytesPerPixel)
    }

    /// Whether nothing but `slot` holds its memory: no frame drawn ahead or shown, no flip, no thread decoding into
    /// it. `isKnownUniquelyReferenced` takes no protocol's existential (nor finds one stored as `AnyObject` unique),
    /// so the memory is moved into an `AnyObject?` to be looked at, and back.
    private static func isFree(_ slot: inout (any PlaneMemory)?) -> Bool {
        var probe: AnyObject? = slot
        slot = nil
        defer { slot = probe as? any PlaneMemory }
        return isKnownUniquelyReferenced(&probe)
    }

    private func stop(_ reason: String) {
        failure = reason
        owner = nil
        pictures.removeAll()
    }
}
