import DisplaySelection
import Raster
import SystemCalls

extension DRMDisplay {
    /// The planes that would show a video banner at `banner` (the centred banner's rectangle on the CRTC), or why
    /// none: `VideoPlanes.choose` from the driver's listing, then a test-only commit (never shown) of the pair as the
    /// plane path shows it: a picture of the banner's size on the lower plane, a layer of the same size above it,
    /// with the primary plane as it is. A driver's name is never taken for an answer.
    public func videoPlanes(banner: PixelRect) -> VideoPlanes {
        do {
            let planes = try LibDRM.planes(card)
            guard let crtcIndex = try LibDRM.resources(card).crtcs.firstIndex(where: { $0.id == plan.crtcID }) else {
                return .composed(.refused("CRTC \(plan.crtcID) is not listed"))
            }
            let choice = VideoPlanes.choose(
                planes: planes, crtcIndex: crtcIndex, crtcID: plan.crtcID, rotation: rotation)
            guard case .planes(let pictureID, let layerID) = choice else { return choice }
            guard let placed = PlanePlacement.place(picture: banner, screen: size) else {
                return .composed(.refused("a banner at \(banner.x),\(banner.y) is off the screen"))
            }
            var showings: [OverlayShowing] = []
            for (planeID, alpha) in [(pictureID, false), (layerID, true)] {
                let buffer = try PlaneBuffer(display: self, width: banner.width, height: banner.height, alpha: alpha)
                showings.append(
                    OverlayShowing(
                        planeID: planeID, buffer: buffer, source: placed.source, destination: placed.destination))
            }
            try LibDRM.enableAtomic(card)
            _ = try LibDRM.atomicCommit(card, objects: overlayValues(showings), flags: DRMConstants.atomicTestOnly)
            return choice
        } catch {
            return .composed(.refused("\(error)"))
        }
    }
}
