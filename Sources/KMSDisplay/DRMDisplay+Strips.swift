import DisplaySelection
import MonotonicTime
import Raster
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Strips: buffers larger than the screen, shown a window at a time by the display's `PanMethod`, and the flips
/// that move the window (a legacy page flip, or an atomic commit once the plane's source has moved).
extension DRMDisplay {
    /// A strip of `width`×`height` pixels in the display's format, black, for `present(strip:x:y:method:)`;
    /// returns its number. Held until shutdown; at most `maxStrips`. With a `panMethod`, the driver is first asked
    /// about the windows at both ends (`testWindow`); if it refuses either, the strip is freed and the refusal
    /// thrown.
    public func addStrip(width: Int, height: Int) throws(SystemCallError) -> Int {
        guard !isShutDown, strips.count < Self.maxStrips, width >= mode.width, height >= mode.height else {
            throw SystemCallError(
                call: "drmModeCreateDumbBuffer",
                refused:
                    "no strip of \(width)x\(height) for \(mode.summary) with \(strips.count) of \(Self.maxStrips) held",
                .display(card.path))
        }
        // Rows a whole number of 64 pixels long: scanout engines take only some line pitches (QEMU's VGA, which
        // bochs drives, rounds its line up to 8 pixels and so showed a strip of 2026 sheared). The pixels given
        // out stay `width` wide.
        let rounded = (width + Self.stripWidthStep - 1) / Self.stripWidthStep * Self.stripWidthStep
        var strip = try DumbBuffer.create(
            card: card, width: rounded, height: height, format: format)
        strip.mapping.clear()
        strip.pixels = PixelBuffer(
            base: strip.mapping.address, width: width, height: height, stride: strip.pitch, format: format)
        strips.append(strip)
        let number = strips.count - 1
        guard let panMethod else { return number }
        // The windows at both ends, asked before any is shown: a driver that limits a framebuffer's width, height
        // or offset says so here, and the strip is never used.
        do {
            try testWindow(ofStrip: number, x: 0, y: 0, method: panMethod)
            try testWindow(ofStrip: number, x: width - mode.width, y: height - mode.height, method: panMethod)
        } catch {
            strips.removeLast().destroy(on: card)
            throw error
        }
        return number
    }

    /// Asks the driver, by a TEST_ONLY atomic commit (nothing changes on screen), whether it would show the
    /// window at `x`, `y` of strip `number` by `method`; throws its refusal. The window is not checked here
    /// against the strip's size: the kernel's answer is what counts. A driver without atomic commits cannot be
    /// asked: by `framebufferOffset` only the window's framebuffer is made (drmModeAddFB2 checks its offset, pitch
    /// and size), and `planeSource`, which needs atomic commits, is refused.
    public func testWindow(ofStrip number: Int, x: Int, y: Int, method: PanMethod) throws(SystemCallError) {
        guard !isShutDown, strips.indices.contains(number), x >= 0, y >= 0 else {
            throw SystemCallError(
                call: "testWindow", refused: "no strip \(number) with a window at \(x),\(y)", .display(card.path))
        }
        let strip = strips[number]
        switch method {
        case .framebufferOffset:
            let window = try windowFramebuffer(of: strip, x: x, y: y)
            defer { LibDRM.removeFramebuffer(card, bufferID: window) }
            let atomic = plane != nil || (try? LibDRM.enableAtomic(card)) != nil
            guard primaryPlaneID != nil, atomic else { return }
            try testCommit(window, x: 0, y: 0)
        case .planeSource:
            try testCommit(strip.bufferID, x: x, y: y)
        }
    }

    /// A framebuffer over the screen-sized window at `x`, `y` of `strip` (`PanMethod.framebufferOffset`).
    private func windowFramebuffer(of strip: DumbBuffer, x: Int, y: Int) throws(SystemCallError) -> UInt32 {
        let offset = y * strip.pitch + x * format.bytesPerPixel
        return try LibDRM.addFramebuffer(
            card, width: mode.width, height: mode.height, fourcc: DRMConstants.fourcc(format).fourcc,
            handle: strip.handle, pitch: UInt32(strip.pitch), offset: UInt32(offset))
    }

    private func testCommit(_ bufferID: UInt32, x: Int, y: Int) throws(SystemCallError) {
        guard try atomicPlane().commit(bufferID, x: x, y: y, flags: DRMConstants.atomicTestOnly, userData: nil) else {
            throw SystemCallError(call: "drmModeAtomicCommit", errno: EBUSY, .display(card.path), context: "test only")
        }
    }

    /// Strips are allocated a whole number of this many pixels wide.
    static let stripWidthStep = 64

    /// The memory of strip `number`, to draw into while no window of it is on screen or in flight: mapped as long
    /// as a copy is held, after the display's shutdown too.
    public func stripMemory(_ number: Int) -> StripMemory {
        StripMemory(pixels: strips[number].pixels, owner: strips[number].mapping)
    }

    public func isStripOnScreen(_ number: Int) -> Bool {
        tracker.isOnScreenOrInFlight(buffers.count + number)
    }

    public func presentStrip(_ number: Int, x: Int, y: Int) throws -> PresentOutcome {
        guard let panMethod else {
            throw SystemCallError(call: "present", refused: "no pan method", .display(card.path))
        }
        return try present(strip: number, x: x, y: y, method: panMethod)
    }

    /// Queues a flip to the screen-sized window at `x`, `y` of strip `number`, by `method`; `.busy` while a flip is
    /// pending. The window must lie inside the strip.
    public func present(strip number: Int, x: Int, y: Int, method: PanMethod) throws -> PresentOutcome {
        guard !isShutDown, strips.indices.contains(number) else {
            throw SystemCallError(call: "present", refused: "no strip \(number)", .display(card.path))
        }
        guard !tracker.isFlipPending else { return .busy }
        let strip = strips[number]
        guard x >= 0, y >= 0, x + mode.width <= strip.pixels.width, y + mode.height <= strip.pixels.height else {
            throw SystemCallError(
                call: "present",
                refused: "window at \(x),\(y) outside the \(strip.pixels.width)x\(strip.pixels.height) strip",
                .display(card.path))
        }
        let index = buffers.count + number
        let userData = UnsafeMutableRawPointer(events + index)
        let submitted = MonotonicClock.now()
        switch method {
        case .framebufferOffset:
            let window = try windowFramebuffer(of: strip, x: x, y: y)
            let set: UInt32??
            do {
                set = try flip(to: window, userData: userData)
            } catch {
                LibDRM.removeFramebuffer(card, bufferID: window)
                throw error
            }
            guard let set else {
                LibDRM.removeFramebuffer(card, bufferID: window)
                return .busy
            }
            tracker.submitted(index, window: window, overlays: set, at: submitted)
        case .planeSource:
            guard let set = try flip(to: strip.bufferID, sourceX: x, sourceY: y, userData: userData) else {
                return .busy
            }
            tracker.submitted(index, overlays: set, at: submitted)
        }
        return .queued
    }

    /// Queues a flip of the picture on screen again with `overlays` changed alone (a video's next frame while the
    /// carousel rests: no pixel of the primary plane written); `.busy` while a flip is pending, `.shown` when no
    /// overlay is on or asked for (nothing to change).
    public func presentOverlays() throws -> PresentOutcome {
        guard !isShutDown, let shown = primaryShown else {
            throw SystemCallError(call: "present", refused: "nothing on screen yet", .display(card.path))
        }
        guard !tracker.isFlipPending else { return .busy }
        guard overlays.contains(where: { $0.buffer != nil }) || !overlayPlanesOn.isEmpty else { return .shown }
        let front = tracker.front
        let submitted = MonotonicClock.now()
        guard
            let set = try flip(
                to: shown.bufferID, sourceX: shown.x, sourceY: shown.y,
                userData: UnsafeMutableRawPointer(events + front))
        else { return .busy }
        let window: UInt32? =
            if case .showing(let image) = tracker.state { image.window } else { nil }
        tracker.submitted(front, window: window, overlays: set, at: submitted)
        return .queued
    }

    /// Queues a flip to `bufferID` shown from `sourceX`, `sourceY`, with `overlays`: a legacy page flip until a
    /// source offset or an overlay is asked for, an atomic commit from then on. A legacy flip keeps the plane's source
    /// as it was (the atomic helpers change only the framebuffer), which no longer fits once it was moved. Returns
    /// nil on EBUSY, else the number of the overlay set the flip shows (nil inside: none).
    func flip(to bufferID: UInt32, sourceX: Int = 0, sourceY: Int = 0, userData: UnsafeMutableRawPointer)
        throws(SystemCallError) -> UInt32??
    {
        guard atomicFlips || sourceX != 0 || sourceY != 0 || !overlays.isEmpty || !overlayPlanesOn.isEmpty else {
            guard try LibDRM.pageFlip(card, crtcID: plan.crtcID, bufferID: bufferID, userData: userData) else {
                return nil
            }
            primaryShown = (bufferID, sourceX, sourceY)
            return .some(nil)
        }
        // Overlays only where some are on or asked for: a panned frame without them does no more than before.
        var objects: [(id: UInt32, values: [(property: UInt32, value: UInt64)])] = []
        var planesOn: Set<UInt32> = []
        if !overlays.isEmpty || !overlayPlanesOn.isEmpty {
            let stale = overlayPlanesOn.subtracting(overlays.map(\.planeID))
            objects = try overlayValues(overlays + stale.map(OverlayShowing.off))
            planesOn = Set(overlays.filter { $0.buffer != nil }.map(\.planeID))
        }
        let queued = try atomicPlane().commit(
            bufferID, x: sourceX, y: sourceY, flags: DRMConstants.atomicNonblock | DRMConstants.pageFlipEvent,
            userData: userData, with: objects)
        // Only a commit the driver took moved the source; after a refused one, composed frames stay legacy flips.
        guard queued else { return nil }
        atomicFlips = true
        primaryShown = (bufferID, sourceX, sourceY)
        overlayPlanesOn = planesOn
        guard !planesOn.isEmpty else { return .some(nil) }
        overlaySetsMade &+= 1  // wraps after 2^32 sets (years of flips), long after the first was released
        overlaySets[overlaySetsMade] = overlays
        return .some(overlaySetsMade)
    }

    /// The overlay sets whose buffers are held: on screen, in flight, or possibly still on glass after a lost flip.
    public var overlaySetsHeld: Int { overlaySets.count }

    /// The primary plane's atomic state, made the first time it is needed.
    private func atomicPlane() throws(SystemCallError) -> PrimaryPlaneCommit {
        if let plane { return plane }
        guard let primaryPlaneID else {
            throw SystemCallError(
                call: "drmModeGetPlaneResources", refused: "no primary plane", .display(card.path))
        }
        let made = try PrimaryPlaneCommit(
            card: card, planeID: primaryPlaneID, crtcID: plan.crtcID, width: mode.width,
            height: mode.height)
        plane = made
        return made
    }
}
