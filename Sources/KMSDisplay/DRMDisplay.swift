import DisplaySelection
import MonotonicTime
import Raster
import SystemCalls

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
    public let planeFormats: [UInt32]?
    /// The CRTC's primary plane, when the driver lists planes (for atomic commits).
    public let primaryPlaneID: UInt32?
    /// The most strips a display holds (a strip on screen and the next one being drawn).
    public static let maxStrips = 2
    /// How `presentStrip` pans; nil: the display is not panned (the owner decides at open, `PanMethod.measured`).
    public let panMethod: PanMethod?
    /// Why putting back the previous CRTC state failed at shutdown, if it did.
    public private(set) var restoreError: SystemCallError?

    // The state below is also `DRMDisplay+Strips`'s, hence internal rather than private.
    var buffers: [DumbBuffer]
    /// Buffers larger than the screen, shown a window at a time; tracker indices `buffers.count` and up.
    var strips: [DumbBuffer] = []
    /// The primary plane for atomic commits; nil until they are first needed (a strip's windows tested,
    /// `PanMethod.planeSource`).
    var plane: PrimaryPlaneCommit?
    /// Whether flips are atomic commits: from the first flip that moved the plane's source on.
    var atomicFlips = false
    /// The overlay planes the next present shows with its frame (issue 45's plane path: a video's picture and its
    /// banner's layer); empty: none, and planes shown before are switched off.
    public var overlays: [OverlayShowing] = []
    /// Each overlay set a flip showed or shows, by its number in the tracker's images: its buffers live until the
    /// tracker says it can no longer be on glass.
    var overlaySets: [UInt32: [OverlayShowing]] = [:]
    var overlaySetsMade: UInt32 = 0
    /// The overlay planes the last commit left on.
    var overlayPlanesOn: Set<UInt32> = []
    /// Each overlay plane's properties, looked up the first time it is committed.
    var overlayProperties: [UInt32: PlaneProperties] = [:]
    /// What the primary plane shows: its framebuffer and source, for a flip that changes the overlays alone.
    var primaryShown: (bufferID: UInt32, x: Int, y: Int)?
    /// What is on screen and in flight, and the framebuffers made for strips' windows.
    var tracker: PageFlipTracker
    private var detector: VBlankDetector
    private let saved: SavedCRTC
    /// One record per buffer; a flip's user data is its buffer's record, so an event that arrives after its flip
    /// was retired as overdue is recognised as stale instead of completing the next flip early.
    let events: UnsafeMutablePointer<FlipEvents>
    var isShutDown = false

    /// Finds the display by capability, takes DRM master (retrying a few seconds) and modesets, trying the
    /// plan's modes in order, in `format` (nil: what the CRTC's primary plane scans out, `ScanoutFormat.choose`).
    /// `pan` says how to pan on the card's driver (by its name; nil: not panned). Throws `SelectionFailure` when
    /// no display fits, `SystemCallError` when a call fails.
    public static func open(
        configuration: DisplayConfiguration = DisplayConfiguration(), bufferCount: Int = 3,
        format requested: PixelFormat? = nil, pan: (_ driver: String) -> PanMethod? = { _ in nil },
        notice: (String) -> Void = { _ in }
    ) throws -> DRMDisplay {
        let (cards, resources) = try openCards(notice: notice)
        let plan = try DisplaySelector.plan(cards: resources, configuration: configuration).get()
        return try open(
            plan: plan, cards: cards, resources: resources, configuration: configuration, bufferCount: bufferCount,
            format: requested, pan: pan, notice: notice)
    }

    /// Every connected output of the card `open` would choose, each on a CRTC of its own, one DRM master for all
    /// (`DisplaySelector.plans`). An output after the first that cannot be shown is left out with a notice; the
    /// first one's failure is thrown.
    ///
    /// `beside`: displays open already (other outputs playing). Then the outputs of their card not shown yet, on
    /// the same card descriptor and master, on CRTCs they do not use; none when nothing more is connected, and
    /// the configured connector's failure thrown when one is named.
    public static func openAll(
        configuration: DisplayConfiguration = DisplayConfiguration(), beside open: [DRMDisplay] = [],
        bufferCount: Int = 3, format requested: PixelFormat? = nil,
        pan: (_ driver: String) -> PanMethod? = { _ in nil },
        notice: (String) -> Void = { _ in }
    ) throws -> [DRMDisplay] {
        let (cards, resources) =
            try open.first.map { ([$0.card], [try $0.card.resources()]) } ?? openCards(notice: notice)
        let plans = try DisplaySelector.plans(cards: resources, configuration: configuration, beside: open.map(\.plan))
            .get()
        var displays: [DRMDisplay] = []
        for plan in plans {
            do {
                displays.append(
                    try Self.open(
                        plan: plan, cards: cards, resources: resources, configuration: configuration,
                        bufferCount: bufferCount, format: requested, pan: pan, notice: notice))
            } catch {
                // The first output's failure, or a named connector's, is the caller's to report.
                guard open.isEmpty ? !displays.isEmpty : configuration.connectorName == nil else { throw error }
                notice("\(plan.connector.name) left out: \(error)")
            }
        }
        return displays
    }

    /// Every card that opens and lists its resources, in path order.
    private static func openCards(
        notice: (String) -> Void
    ) throws(SystemCallError) -> (cards: [DRMCard], resources: [CardResources]) {
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
        return (cards, resources)
    }

    /// Takes master (already held when another output of the card is open) and modesets `plan`, trying its modes in
    /// order until one flips.
    private static func open(
        plan: DisplayPlan, cards: [DRMCard], resources: [CardResources], configuration: DisplayConfiguration,
        bufferCount: Int, format requested: PixelFormat?, pan: (_ driver: String) -> PanMethod?,
        notice: (String) -> Void
    ) throws -> DRMDisplay {
        guard let card = cards.first(where: { $0.path == plan.cardPath }) else {
            throw SelectionFailure.cardNotFound(path: plan.cardPath)
        }
        if !plan.requestedModeAvailable, let requested = configuration.mode {
            notice("\(plan.connector.name) does not offer \(requested); trying its other modes")
        }
        let crtcIndex = resources.first { $0.path == plan.cardPath }?.crtcs.firstIndex { $0.id == plan.crtcID }
        let primary = crtcIndex.flatMap { LibDRM.primaryPlane(card, crtcIndex: $0) }
        let format = ScanoutFormat.choose(requested: requested, offered: primary?.formats)
        if requested == nil, format != .xrgb8888 {
            notice("\(plan.connector.name): the plane scans out \(format) only")
        }
        var remaining = plan
        while true {
            try card.acquireMaster()
            let display = try DRMDisplay(
                card: card, plan: remaining, bufferCount: bufferCount, format: format, primary: primary,
                panMethod: pan(card.driverName ?? ""), notice: notice)
            do {
                try display.validateFlips()
                return display
            } catch let error as SystemCallError {
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
                throw SystemCallError(
                    call: "drmModePageFlip", refused: "a flip was still pending in the first flips", .display(card.path)
                )
            }
            guard try waitForFlip() else {
                throw SystemCallError(
                    call: "drmModePageFlip", refused: "the first flip never completed", .display(card.path))
            }
        }
    }

    /// Modesets `plan` on an open card that holds master; `primary` is the CRTC's primary plane as the driver
    /// lists it (nil: not listed), `panMethod` how strips are panned.
    public convenience init(
        card: DRMCard, plan: DisplayPlan, bufferCount: Int = 3, format: PixelFormat = .xrgb8888,
        primary: (id: UInt32, formats: [UInt32])? = nil, panMethod: PanMethod? = nil,
        notice: (String) -> Void = { _ in }
    ) throws(SystemCallError) {
        let saved = try LibDRM.savedCRTC(card, id: plan.crtcID)
        var lastError: SystemCallError?
        for mode in plan.modeCandidates {
            var created: [DumbBuffer] = []
            do {
                for _ in 0..<max(2, min(bufferCount, 3)) {
                    let buffer = try DumbBuffer.create(
                        card: card, width: mode.width, height: mode.height, format: format)
                    created.append(buffer)
                    // Black, not whatever the allocator left; written once, never read (write-combined memory).
                    buffer.mapping.clear()
                }
                try LibDRM.setCRTC(
                    card, crtcID: plan.crtcID, bufferID: created[0].bufferID, connectorID: plan.connector.id,
                    mode: mode.drmMode, context: "\(plan.connector.name) \(mode.summary)")
                self.init(
                    card: card, plan: plan, mode: mode, format: format, buffers: created, saved: saved,
                    primary: primary, panMethod: panMethod)
                return
            } catch {
                for buffer in created { buffer.destroy(on: card) }
                notice("modeset failed, trying the next mode: \(error)")
                lastError = error
            }
        }
        throw lastError
            ?? SystemCallError(
                call: "drmModeSetCrtc", refused: "\(plan.connector.name) has no modes", .display(card.path))
    }

    private init(
        card: DRMCard, plan: DisplayPlan, mode: ModeInfo, format: PixelFormat, buffers: [DumbBuffer],
        saved: SavedCRTC, primary: (id: UInt32, formats: [UInt32])?, panMethod: PanMethod?
    ) {
        self.card = card
        planeFormats = primary?.formats
        primaryPlaneID = primary?.id
        self.panMethod = panMethod
        self.plan = plan
        self.mode = mode
        self.format = format
        self.buffers = buffers
        self.saved = saved
        tracker = PageFlipTracker(bufferCount: buffers.count, showing: 0)
        detector = VBlankDetector(modeRefreshMillihertz: mode.refreshMillihertz)
        events = .allocate(capacity: buffers.count + Self.maxStrips)
        events.initialize(repeating: FlipEvents(), count: buffers.count + Self.maxStrips)
        card.displaysOpen += 1
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
            throw SystemCallError(call: "drmModePageFlip", refused: "display is shut down", .display(card.path))
        }
        guard !tracker.isFlipPending, let back = tracker.back else { return .busy }
        let submitted = MonotonicClock.now()
        guard let set = try flip(to: buffers[back].bufferID, userData: UnsafeMutableRawPointer(events + back)) else {
            return .busy
        }
        tracker.submitted(back, overlays: set, at: submitted)
        return .queued
    }

    /// Reads flip events (drmHandleEvent); the pending flip's completion, if it came.
    public func handleReadable() throws -> FlipCompletion? {
        guard !isShutDown else { return nil }
        try readFlipEvents()
        return takeFlipCompletion()
    }

    /// Reads the card's queued flip events: each is kept by the display whose flip it completes, this one or another
    /// output of the card (`openAll`), until that display's `takeFlipCompletion`.
    public func readFlipEvents() throws {
        try LibDRM.handleEvents(card)
    }

    /// The pending flip's completion, if its event has been read (by this display or another of the card's).
    public func takeFlipCompletion() -> FlipCompletion? {
        guard !isShutDown else { return nil }
        var completed: FlipCompletion?
        for index in 0..<(buffers.count + strips.count) {
            guard let completion = events[index].completions.last else { continue }
            events[index].completions.removeAll(keepingCapacity: true)
            guard tracker.pending?.index == index,
                let submitted = tracker.completed(remove: removeFramebuffer, release: { overlaySets[$0] = nil })
            else {
                continue
            }
            detector.recordFlip(submitted: submitted, completion: completion)
            completed = completion
        }
        return completed
    }

    private func removeFramebuffer(_ framebuffer: UInt32) {
        LibDRM.removeFramebuffer(card, bufferID: framebuffer)
    }

    /// When the pending flip becomes overdue; nil when none is pending.
    public var flipDeadline: Duration? { isShutDown ? nil : tracker.deadline }

    /// Some drivers drop flip events: past the bound the flip is retired as lost rather than hang the loop.
    public func retireOverdueFlip(now: Duration) -> Bool {
        guard !isShutDown, tracker.retireIfOverdue(now: now) else { return false }
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
                card, connectorID: connector.id, name: "DPMS")
        else {
            throw SystemCallError(
                call: "drmModeConnectorSetProperty", refused: "\(connector.name) has no DPMS property",
                .display(card.path))
        }
        try LibDRM.setConnectorProperty(
            card, connectorID: connector.id, propertyID: property,
            value: on ? DRMConstants.dpmsOn : DRMConstants.dpmsOff,
            context: "\(connector.name) DPMS \(on ? "on" : "off")")
    }

    /// Drains the pending flip, puts back the CRTC as it was before bannerd (the console, another client's
    /// picture, or off), frees the buffers and gives up DRM master. Safe to call more than once.
    public func shutdown() {
        guard !isShutDown else { return }
        _ = try? waitForFlip()
        isShutDown = true
        let restoreMode = saved.bufferID != 0 ? saved.mode : nil
        do {
            try LibDRM.setCRTC(
                card, crtcID: saved.id, bufferID: restoreMode == nil ? 0 : saved.bufferID, x: saved.x, y: saved.y,
                connectorID: plan.connector.id, mode: restoreMode, context: "restoring the CRTC")
        } catch {
            restoreError = error
        }
        tracker.takeWindows().forEach(removeFramebuffer)
        overlaySets = [:]
        overlays = []
        for buffer in buffers + strips { buffer.destroy(on: card) }
        buffers = []
        strips = []
        card.displaysOpen -= 1
        if card.displaysOpen == 0 { try? card.dropMaster() }
    }
}
