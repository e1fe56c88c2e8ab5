import DisplaySelection
import SystemCalls

/// The card's planes for `kmscheck`, with whether the overlays that can show on this display's CRTC scale.
extension DRMDisplay {
    /// Every plane of the card. An overlay that can show on this display's CRTC is asked whether it scales: a
    /// test-only atomic commit (never shown) of the framebuffer on screen, a quarter of it scanned out at the whole
    /// screen's size, after the same quarter at its own size was accepted. A driver's name is never taken for an
    /// answer.
    public func planeListing() throws(SystemCallError) -> [(plane: PlaneInfo, scaling: PlaneInfo.Scaling?)] {
        let planes = try LibDRM.planes(card)
        let crtcIndex = try LibDRM.resources(card).crtcs.firstIndex { $0.id == plan.crtcID }
        return planes.map { plane in
            guard plane.kind == .overlay, let crtcIndex, plane.canShow(onCRTCAt: crtcIndex) else { return (plane, nil) }
            return (plane, scaling(of: plane))
        }
    }

    private func scaling(of plane: PlaneInfo) -> PlaneInfo.Scaling {
        let code = DRMConstants.fourcc(format).fourcc
        guard plane.formats.contains(code) else {
            return .untested("it has no \(PlaneInfo.fourccText(code)), the screen's format")
        }
        guard !isShutDown, tracker.front < buffers.count else {
            return .untested("no whole-screen framebuffer on screen")
        }
        do {
            try LibDRM.enableAtomic(card)
            let properties = try PlaneProperties(
                byName: LibDRM.propertyIDs(card, of: plane.id, names: PlaneProperties.names))
            let (width, height) = (UInt64(mode.width / 2), UInt64(mode.height / 2))
            func test(showing size: (UInt64, UInt64)) -> Int32? {
                let values: [(property: UInt32, value: UInt64)] = [
                    (properties.framebuffer, UInt64(buffers[tracker.front].bufferID)),
                    (properties.crtc, UInt64(plan.crtcID)),
                    (properties.sourceX, 0), (properties.sourceY, 0),
                    (properties.sourceWidth, width << 16), (properties.sourceHeight, height << 16),
                    (properties.crtcX, 0), (properties.crtcY, 0),
                    (properties.crtcWidth, size.0), (properties.crtcHeight, size.1),
                ]
                do {
                    _ = try LibDRM.atomicCommit(
                        card, objectID: plane.id, values: values, flags: DRMConstants.atomicTestOnly, userData: nil)
                    return nil
                } catch {
                    if case .errno(let number) = error.cause { return number }
                    return -1
                }
            }
            if let refused = test(showing: (width, height)) {
                return .untested("the unscaled commit was refused too, errno \(refused)")
            }
            if let refused = test(showing: (width * 2, height * 2)) { return .refused(errno: refused) }
            return .scales
        } catch let error as PlaneProperties.MissingProperty {
            return .untested("the plane has no \(error.name) property")
        } catch {
            return .untested("\(error)")
        }
    }
}
