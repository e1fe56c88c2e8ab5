import DisplaySelection
import MonotonicTime
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// The screen through DRM/KMS: legacy modeset once, then page flips between two or three dumb buffers, or to a
/// window of a strip (a buffer larger than the screen) by a `PanMethod`.
///
/// The frame loop polls `pollDescriptor` with its input, calls `handleReadable()` when it is readable, draws
/// into `backBuffer` and calls `present()`. `shutdown()` drains the pending flip, restores the CRTC as it was and
/// frees the buffers, in that order.
public final class DRMDisplay: PanningScanout {
    /// The open card.
    public let card: DRMCard
    /// What selection chose: connector, CRTC, modes, rotation.
    public let plan: DisplayPlan
    /// The mode that modeset succeeded with (the first of the plan's candidates that the driver accepted).
    public let mode: ModeInfo
    /// The scanout buffers' pixel format.
    public let format: PixelFormat
    /// Flip events that never came within the bound (the flip was taken as done).
    public private(set) var lostFlipEvents = 0
    /// The fourcc codes the CRTC's primary plane scans out, as the driver listed them at open; nil: not listed.
    public private(set) var planeFormats: [UInt32]?
    /// The CRTC's primary plane, when the driver lists planes (for atomic commits).
    public private(set) var primaryPlaneID: UInt32?
    /// The most strips a display holds (a strip on screen and the next one being drawn).
    public static let maxStrips = 2
    /// How `presentStrip` pans; nil: the display is not panned (the owner decides, `PanMethod.measured`).
    public var panMethod: PanMethod?
    /// Why putting back the previous CRTC state failed at shutdown, if it did.
    public private(set) var restoreError: DisplayError?

    private var buffers: [DumbBuffer]
    /// Buffers larger than the screen, shown a window at a time; tracker indices `buffers.count` and up.
    private var strips: [DumbBuffer] = []
    /// Framebuffers made for windows of strips (`PanMethod.framebufferOffset`): the one on screen, the one in flight.
    private var windowFramebuffers: (front: UInt32?, pending: UInt32?) = (nil, nil)
    /// Window framebuffers that were on screen when a flip event was lost: removed after the next completed flip.
    private var uncertainWindowFramebuffers: [UInt32] = []
    /// The primary plane for atomic commits; nil until they are first needed (a strip's windows tested,
    /// `PanMethod.planeSource`).
    private var plane: PrimaryPlaneCommit?
    /// Whether flips are atomic commits: from the first flip that moved the plane's source on.
    private var atomicFlips = false
    private var tracker: PageFlipTracker
    private var detector: VBlankDetector
    private let saved: SavedCRTC
    /// One record per buffer; a flip's user data is its buffer's record, so an event that arrives after its flip
    /// was retired as overdue is recognised as stale instead of completing the next flip early.
    private let events: UnsafeMutablePointer<FlipEvents>
    private var isShutDown = false

    /// Finds the display by capability, takes DRM master (retrying a few seconds) and modesets, trying the
    /// plan's modes in order, in `format` (nil: what the CRTC's primary plane scans out, `ScanoutFormat.choose`).
    /// Throws `SelectionFailure` when no display fits, `DisplayError` when a call fails.
    public static func open(
        configuration: DisplayConfiguration = DisplayConfiguration(), bufferCount: Int = 3,
        format requested: PixelFormat? = nil, notice: (String) -> Void = { _ in }
    ) throws -> DRMDisplay {
        var cards: [DRMCard] = []
        var resources: [CardResources] = []
        for path in try DRMCard.cardPaths() {
            do {
                let card = try DRMCard(path: path)
                resources.append(try card.resources())
                cards.append(card)
            } catch {
                notice("skipping \(path): \(error)")
            }
        }
        let plan = try DisplaySelector.plan(cards: resources, configuration: configuration).get()
        guard let card = cards.first(where: { $0.path == plan.cardPath }) else {
            throw SelectionFailure.cardNotFound(path: plan.cardPath)
        }
        if !plan.requestedModeAvailable, let requested = configuration.mode {
            notice("\(plan.connector.name) does not offer \(requested); trying its other modes")
        }
        let crtcIndex = resources.first { $0.path == plan.cardPath }?.crtcs.firstIndex { $0.id == plan.crtcID }
        let primary = crtcIndex.flatMap { LibDRM.primaryPlane(fd: card.fileDescriptor, crtcIndex: $0) }
        let offered = primary?.formats
        let format = ScanoutFormat.choose(requested: requested, offered: offered)
        if requested == nil, format != .xrgb8888 {
            notice("\(plan.connector.name): the plane scans out \(format) only")
        }
        var remaining = plan
        while true {
            try card.acquireMaster()
            let display = try DRMDisplay(
                card: card, plan: remaining, bufferCount: bufferCount, format: format, notice: notice)
            do {
                try display.validateFlips()
                display.planeFormats = offered
                display.primaryPlaneID = primary?.id
                return display
            } catch let error as DisplayError {
                // A mode can modeset yet fail to flip: bochs with 16 MiB of VRAM takes one 1920x1080 buffer but
                // cannot pin a second (ENOMEM). Such a mode is as unusable as one that fails to modeset.
                let tried = remaining.modeCandidates.firstIndex(of: display.mode) ?? 0
                display.shutdown()
                remaining.modeCandidates.removeFirst(tried + 1)
                guard !remaining.modeCandidates.isEmpty else { throw error }
                notice("page flips fail in \(display.mode.summary), trying the next mode: \(error)")
            }
        }
    }

    /// Flips once to every buffer, so a mode whose buffers cannot all be scanned out is found at start rather
    /// than in the middle of the carousel.
    func validateFlips() throws {
        for _ in 1..<buffers.count {
            guard try present() == .queued else {
                throw DisplayError(call: "drmModePageFlip", errno: EBUSY, path: card.path, context: "first flips")
            }
            guard try waitForFlip() else {
                throw DisplayError(
                    call: "drmModePageFlip", errno: ETIMEDOUT, path: card.path, context: "first flip never completed")
            }
        }
    }

    /// Modesets `plan` on an open card that holds master.
    public convenience init(
        card: DRMCard, plan: DisplayPlan, bufferCount: Int = 3, format: PixelFormat = .xrgb8888,
        notice: (String) -> Void = { _ in }
    ) throws(DisplayError) {
        let fd = card.fileDescriptor
        let saved = try LibDRM.savedCRTC(fd: fd, id: plan.crtcID, path: card.path)
        var lastError: DisplayError?
        for mode in plan.modeCandidates {
            var created: [DumbBuffer] = []
            do {
                for _ in 0..<max(2, min(bufferCount, 3)) {
                    let buffer = try DumbBuffer.create(
                        fd: fd, width: mode.width, height: mode.height, format: format, path: card.path)
                    created.append(buffer)
                    // Black, not whatever the allocator left; written once, never read (write-combined memory).
                    buffer.address.initializeMemory(as: UInt8.self, repeating: 0, count: buffer.length)
                }
                try LibDRM.setCRTC(
                    fd: fd, crtcID: plan.crtcID, bufferID: created[0].bufferID, connectorID: plan.connector.id,
                    mode: mode.drmMode, path: card.path, context: "\(plan.connector.name) \(mode.summary)")
                self.init(card: card, plan: plan, mode: mode, format: format, buffers: created, saved: saved)
                return
            } catch {
                for buffer in created { buffer.destroy(fd: fd) }
                notice("modeset failed, trying the next mode: \(error)")
                lastError = error
            }
        }
        throw lastError
            ?? DisplayError(
                call: "drmModeSetCrtc", errno: 0, path: card.path, context: "\(plan.connector.name) has no modes")
    }

    private init(
        card: DRMCard, plan: DisplayPlan, mode: ModeInfo, format: PixelFormat, buffers: [DumbBuffer],
        saved: SavedCRTC
    ) {
        self.card = card
        self.plan = plan
        self.mode = mode
        self.format = format
        self.buffers = buffers
        self.saved = saved
        tracker = PageFlipTracker(bufferCount: buffers.count)
        tracker.shown(0)
        detector = VBlankDetector(modeRefreshMillihertz: mode.refreshMillihertz)
        events = .allocate(capacity: buffers.count + Self.maxStrips)
        events.initialize(repeating: FlipEvents(), count: buffers.count + Self.maxStrips)
    }

    deinit {
        shutdown()
        events.deinitialize(count: tracker.bufferCount + Self.maxStrips)
        events.deallocate()
    }

    /// The scanout size (the mode's).
    public var size: PixelSize { PixelSize(width: mode.width, height: mode.height) }
    /// The rotation to draw with (configured, else from the connector's `panel orientation`).
    public var rotation: DisplayRotation { plan.rotation }
    /// The buffer to draw into, neither on screen nor in flight; nil while none is free (two buffers, flip pending) or after shutdown.
    public var backBuffer: PixelBuffer? { isShutDown ? nil : tracker.back.map { buffers[$0].pixels } }
    /// The card descriptor: readable when a flip completed.
    public var pollDescriptor: Int32? { isShutDown ? nil : card.fileDescriptor }
    /// Timer or vblank, decided from the first flips (see `VBlankDetector`).
    public var pacing: PacingDecision { detector.decision }
    /// Whether a flip is in flight.
    public var isFlipPending: Bool { tracker.isFlipPending }

    /// Queues a page flip to the back buffer (drmModePageFlip with DRM_MODE_PAGE_FLIP_EVENT); `.busy` while one is pending.
    public func present() throws -> PresentOutcome {
        guard !isShutDown else {
            throw DisplayError(call: "drmModePageFlip", errno: 0, path: card.path, context: "display is shut down")
        }
        guard !tracker.isFlipPending, let back = tracker.back else { return .busy }
        let submitted = MonotonicClock.now()
        guard try flip(to: buffers[back].bufferID, userData: UnsafeMutableRawPointer(events + back)) else {
            return .busy
        }
        tracker.submitted(back, at: submitted)
        return .queued
    }

    /// A strip of `width`×`height` pixels in the display's format, black, for `present(strip:x:y:method:)`;
    /// returns its number. Held until shutdown; at most `maxStrips`. With a `panMethod`, the driver is first asked
    /// about the windows at both ends (`testWindow`); if it refuses either, the strip is freed and the refusal
    /// thrown.
    public func addStrip(width: Int, height: Int) throws(DisplayError) -> Int {
        guard !isShutDown, strips.count < Self.maxStrips, width >= mode.width, height >= mode.height else {
            throw DisplayError(
                call: "drmModeCreateDumbBuffer", errno: EINVAL, path: card.path,
                context: "strip \(width)x\(height) for \(mode.summary), \(strips.count) held")
        }
        // Rows a whole number of 64 pixels long: scanout engines take only some line pitches (QEMU's VGA, which
        // bochs drives, rounds its line up to 8 pixels and so showed a strip of 2026 sheared). The pixels given
        // out stay `width` wide.
        let rounded = (width + Self.stripWidthStep - 1) / Self.stripWidthStep * Self.stripWidthStep
        var strip = try DumbBuffer.create(
            fd: card.fileDescriptor, width: rounded, height: height, format: format, path: card.path)
        strip.address.initializeMemory(as: UInt8.self, repeating: 0, count: strip.length)
        strip.pixels = PixelBuffer(
            base: strip.address, width: width, height: height, stride: strip.pitch, format: format)
        strips.append(strip)
        let number = strips.count - 1
        guard let panMethod else { return number }
        // The windows at both ends, asked before any is shown: a driver that limits a framebuffer's width, height
        // or offset says so here, and the strip is never used.
        do {
            try testWindow(ofStrip: number, x: 0, y: 0, method: panMethod)
            try testWindow(ofStrip: number, x: width - mode.width, y: height - mode.height, method: panMethod)
        } catch {
            strips.removeLast().destroy(fd: card.fileDescriptor)
            throw error
        }
        return number
    }

    /// Asks the driver, by a TEST_ONLY atomic commit (nothing changes on screen), whether it would show the
    /// window at `x`, `y` of strip `number` by `method`; throws its refusal. The window is not checked here
    /// against the strip's size: the kernel's answer is what counts. A driver without atomic commits cannot be
    /// asked: by `framebufferOffset` only the window's framebuffer is made (drmModeAddFB2 checks its offset, pitch
    /// and size), and `planeSource`, which needs atomic commits, is refused.
    public func testWindow(ofStrip number: Int, x: Int, y: Int, method: PanMethod) throws(DisplayError) {
        guard !isShutDown, strips.indices.contains(number), x >= 0, y >= 0 else {
            throw DisplayError(
                call: "testWindow", errno: EINVAL, path: card.path, context: "strip \(number), window at \(x),\(y)")
        }
        let strip = strips[number]
        let fd = card.fileDescriptor
        switch method {
        case .framebufferOffset:
            let window = try LibDRM.addFramebuffer(
                fd: fd, width: mode.width, height: mode.height, fourcc: DRMConstants.fourcc(format).fourcc,
                handle: strip.handle, pitch: UInt32(strip.pitch),
                offset: UInt32(y * strip.pitch + x * format.bytesPerPixel), path: card.path)
            defer { LibDRM.removeFramebuffer(fd: fd, bufferID: window) }
            let atomic = plane != nil || (try? LibDRM.enableAtomic(fd: fd, path: card.path)) != nil
            guard primaryPlaneID != nil, atomic else { return }
            try testCommit(window, x: 0, y: 0)
        case .planeSource:
            try testCommit(strip.bufferID, x: x, y: y)
        }
    }

    private func testCommit(_ bufferID: UInt32, x: Int, y: Int) throws(DisplayError) {
        guard try atomicPlane().commit(bufferID, x: x, y: y, flags: DRMConstants.atomicTestOnly, userData: nil) else {
            throw DisplayError(call: "drmModeAtomicCommit", errno: EBUSY, path: card.path, context: "test only")
        }
    }

    /// Strips are allocated a whole number of this many pixels wide.
    static let stripWidthStep = 64

    /// The pixels of strip `number`, to draw into while no window of it is on screen or in flight.
    public func stripPixels(_ number: Int) -> PixelBuffer { strips[number].pixels }

    public func isStripOnScreen(_ number: Int) -> Bool {
        let index = buffers.count + number
        return tracker.front == index || tracker.pending?.index == index
    }

    public func presentStrip(_ number: Int, x: Int, y: Int) throws -> PresentOutcome {
        guard let panMethod else {
            throw DisplayError(call: "present", errno: EOPNOTSUPP, path: card.path, context: "no pan method")
        }
        return try present(strip: number, x: x, y: y, method: panMethod)
    }

    /// Queues a flip to the screen-sized window at `x`, `y` of strip `number`, by `method`; `.busy` while a flip is
    /// pending. The window must lie inside the strip.
    public func present(strip number: Int, x: Int, y: Int, method: PanMethod) throws -> PresentOutcome {
        guard !isShutDown, strips.indices.contains(number) else {
            throw DisplayError(call: "present", errno: EINVAL, path: card.path, context: "no strip \(number)")
        }
        guard !tracker.isFlipPending else { return .busy }
        let strip = strips[number]
        guard x >= 0, y >= 0, x + mode.width <= strip.pixels.width, y + mode.height <= strip.pixels.height else {
            throw DisplayError(
                call: "present", errno: EINVAL, path: card.path,
                context: "window at \(x),\(y) outside the \(strip.pixels.width)x\(strip.pixels.height) strip")
        }
        let index = buffers.count + number
        let userData = UnsafeMutableRawPointer(events + index)
        let submitted = MonotonicClock.now()
        let fd = card.fileDescriptor
        switch method {
        case .framebufferOffset:
            let offset = y * strip.pitch + x * format.bytesPerPixel
            let window = try LibDRM.addFramebuffer(
                fd: fd, width: mode.width, height: mode.height, fourcc: DRMConstants.fourcc(format).fourcc,
                handle: strip.handle, pitch: UInt32(strip.pitch), offset: UInt32(offset), path: card.path)
            let queued: Bool
            do {
                queued = try flip(to: window, userData: userData)
            } catch {
                LibDRM.removeFramebuffer(fd: fd, bufferID: window)
                throw error
            }
            guard queued else {
                LibDRM.removeFramebuffer(fd: fd, bufferID: window)
                return .busy
            }
            windowFramebuffers.pending = window
        case .planeSource:
            guard try flip(to: strip.bufferID, sourceX: x, sourceY: y, userData: userData) else { return .busy }
        }
        tracker.submitted(index, at: submitted)
        return .queued
    }

    /// Queues a flip to `bufferID` shown from `sourceX`, `sourceY` (false on EBUSY): a legacy page flip until a
    /// source offset is asked for, an atomic commit from then on. A legacy flip keeps the plane's source as it was
    /// (the atomic helpers change only the framebuffer), which no longer fits once it was moved.
    private func flip(to bufferID: UInt32, sourceX: Int = 0, sourceY: Int = 0, userData: UnsafeMutableRawPointer)
        throws(DisplayError) -> Bool
    {
        guard atomicFlips || sourceX != 0 || sourceY != 0 else {
            return try LibDRM.pageFlip(
                fd: card.fileDescriptor, crtcID: plan.crtcID, bufferID: bufferID, userData: userData, path: card.path)
        }
        let queued = try atomicPlane().commit(
            bufferID, x: sourceX, y: sourceY, flags: DRMConstants.atomicNonblock | DRMConstants.pageFlipEvent,
            userData: userData)
        // Only a commit the driver took moved the source; after a refused one, composed frames stay legacy flips.
        if queued { atomicFlips = true }
        return queued
    }

    /// The primary plane's atomic state, made the first time it is needed.
    private func atomicPlane() throws(DisplayError) -> PrimaryPlaneCommit {
        if let plane { return plane }
        guard let primaryPlaneID else {
            throw DisplayError(
                call: "drmModeGetPlaneResources", errno: EOPNOTSUPP, path: card.path, context: "no primary plane")
        }
        let made = try PrimaryPlaneCommit(
            fd: card.fileDescriptor, planeID: primaryPlaneID, crtcID: plan.crtcID, width: mode.width,
            height: mode.height, path: card.path)
        plane = made
        return made
    }

    /// Reads flip events (drmHandleEvent); the pending flip's completion, if it came.
    public func handleReadable() throws -> FlipCompletion? {
        guard !isShutDown else { return nil }
        try LibDRM.handleEvents(fd: card.fileDescriptor, path: card.path)
        var completed: FlipCompletion?
        for index in 0..<(buffers.count + strips.count) {
            guard let completion = events[index].completions.last else { continue }
            events[index].completions.removeAll(keepingCapacity: true)
            guard tracker.pending?.index == index, let submitted = tracker.completed() else { continue }
            detector.recordFlip(submitted: submitted, completion: completion)
            retireWindowFramebuffer(eventLost: false)
            completed = completion
        }
        return completed
    }

    /// After a flip: the window framebuffer that was on screen is no longer, and the one in flight (if the flip
    /// was to one) is now. After a lost event the old one may still be scanned out, and removing a framebuffer on
    /// screen turns the plane off: it is removed after the next flip that completes.
    private func retireWindowFramebuffer(eventLost: Bool) {
        if !eventLost {
            for old in uncertainWindowFramebuffers { LibDRM.removeFramebuffer(fd: card.fileDescriptor, bufferID: old) }
            uncertainWindowFramebuffers.removeAll()
        }
        if let old = windowFramebuffers.front {
            if eventLost {
                uncertainWindowFramebuffers.append(old)
            } else {
                LibDRM.removeFramebuffer(fd: card.fileDescriptor, bufferID: old)
            }
        }
        windowFramebuffers = (windowFramebuffers.pending, nil)
    }

    /// When the pending flip becomes overdue; nil when none is pending.
    public var flipDeadline: Duration? { isShutDown ? nil : tracker.deadline }

    /// Some drivers drop flip events: past the bound the flip is retired as lost rather than hang the loop.
    public func retireOverdueFlip(now: Duration) -> Bool {
        guard !isShutDown, tracker.retireIfOverdue(now: now) else { return false }
        retireWindowFramebuffer(eventLost: true)
        lostFlipEvents += 1
        return true
    }

    /// Waits at most `timeout` for the pending flip (retiring it when overdue); true when none is pending any more.
    public func waitForFlip(timeout: Duration = PageFlipTracker.flipTimeout * 2) throws -> Bool {
        let deadline = MonotonicClock.now() + timeout
        while tracker.isFlipPending, !isShutDown {
            let now = MonotonicClock.now()
            guard !retireOverdueFlip(now: now), deadline > now else { break }
            // Woken at the flip's own deadline at the latest, to retire it then.
            let wait = min(deadline, tracker.deadline ?? deadline) - now
            if try Syscalls.waitReadable(card.fileDescriptor, timeout: wait, path: card.path) {
                _ = try handleReadable()
            }
        }
        return !tracker.isFlipPending
    }

    /// Switches the connector's `DPMS` property (legacy DPMS; atomic drivers turn the CRTC inactive for it),
    /// after draining the pending flip: a flip queued on a CRTC being turned off may never complete.
    public func setPower(on: Bool) throws {
        guard !isShutDown else { return }
        _ = try waitForFlip()
        let connector = plan.connector
        guard
            let property = try LibDRM.connectorPropertyID(
                fd: card.fileDescriptor, connectorID: connector.id, name: "DPMS", path: card.path)
        else {
            throw DisplayError(
                call: "drmModeConnectorSetProperty", errno: EOPNOTSUPP, path: card.path,
                context: "\(connector.name) has no DPMS property")
        }
        try LibDRM.setConnectorProperty(
            fd: card.fileDescriptor, connectorID: connector.id, propertyID: property,
            value: on ? DRMConstants.dpmsOn : DRMConstants.dpmsOff, path: card.path,
            context: "\(connector.name) DPMS \(on ? "on" : "off")")
    }

    /// Drains the pending flip, puts back the CRTC as it was before bannerd (the console, another client's
    /// picture, or off), frees the buffers and gives up DRM master. Safe to call more than once.
    public func shutdown() {
        guard !isShutDown else { return }
        _ = try? waitForFlip()
        isShutDown = true
        let fd = card.fileDescriptor
        let restoreMode = saved.bufferID != 0 ? saved.mode : nil
        do {
            try LibDRM.setCRTC(
                fd: fd, crtcID: saved.id, bufferID: restoreMode == nil ? 0 : saved.bufferID, x: saved.x, y: saved.y,
                connectorID: plan.connector.id, mode: restoreMode, path: card.path, context: "restoring the CRTC")
        } catch {
            restoreError = error
        }
        let windows = [windowFramebuffers.front, windowFramebuffers.pending].compactMap { $0 }
        for framebuffer in windows + uncertainWindowFramebuffers {
            LibDRM.removeFramebuffer(fd: fd, bufferID: framebuffer)
        }
        windowFramebuffers = (nil, nil)
        uncertainWindowFramebuffers = []
        for buffer in buffers + strips { buffer.destroy(fd: fd) }
        buffers = []
        strips = []
        try? card.dropMaster()
    }
}
