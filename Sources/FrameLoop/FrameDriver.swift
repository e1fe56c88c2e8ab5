import CarouselEngine
import DisplaySelection
import Raster

/// The frame path between the scheduler and the display, shared by `bannerd run` and the tests: when to draw,
/// what a present, a flip event or a flip's bound means for the scheduler, and whether the display is hung.
///
/// The display owns the page flip (`ScanoutDevice.flipDeadline`, `retireOverdueFlip`); the driver passes its
/// outcomes on, completed or lost, to the scheduler and to `DisplayHealth`. Time comes in as arguments, so
/// the tests run it on a manual clock with a fake display.
public struct FrameDriver: Sendable {
    /// Changed only through the driver, so nothing else keeps its own copy of a decision it makes.
    public private(set) var scheduler: FrameScheduler
    /// Failed flips in a row, for the watchdog.
    public private(set) var health = DisplayHealth()
    /// When the watchdog is next due; nil: at the first wake-up.
    private var watchdogDue: Duration?
    /// Pings are being withheld for a hung display (so the hang is reported once).
    private var withholding = false
    /// Whether the last frame presented was a window of a strip (`pan`) rather than drawn; nil before the first.
    public private(set) var lastFramePanned: Bool?

    /// What `frame(at:on:draw:)` did.
    public enum FrameResult: Equatable, Sendable {
        /// Nothing to draw yet (no change, a flip in flight, or a refused present's retry not due).
        case idle
        /// A frame was drawn and handed to the display.
        case presented
        /// The overlay planes alone changed, and went to the display in a flip of their own (nothing drawn).
        case overlaysPresented
        /// A frame was drawn but the display refused it (busy); it is drawn again a step later.
        case refused
        /// A frame was due but there is no display: forgotten, the carousel's clock runs on.
        case dropped
    }

    public init(scheduler: FrameScheduler) {
        self.scheduler = scheduler
    }

    /// Reads the display's flip events (its descriptor was readable); true when what they showed changed the
    /// pacing (for the log).
    @discardableResult
    public mutating func readFlipEvents(from display: any ScanoutDevice) throws -> Bool {
        completed(try display.handleReadable(), on: display)
    }

    /// The flip events of `display`'s descriptor were read by another display sharing it (the outputs of one card,
    /// or a blocking wait of one of them): `display`'s own completion, if it came. True as `readFlipEvents`.
    public mutating func takeFlipCompletion(from display: any ScanoutDevice) -> Bool {
        completed(display.takeFlipCompletion(), on: display)
    }

    private mutating func completed(_ completion: FlipCompletion?, on display: any ScanoutDevice) -> Bool {
        guard let completion else { return false }
        health.flipCompleted()
        scheduler.flipCompleted(completion)
        return followPacing(of: display)
    }

    /// Paces the frames as `display` has decided from its flips (`PacingDecision`); true when that changed the
    /// pacing. The decision is made as flip events are read, which follow it; call this when a display connects.
    @discardableResult
    public mutating func followPacing(of display: any ScanoutDevice) -> Bool {
        let pacing = Pacing(display.pacing)
        guard pacing != scheduler.pacing else { return false }
        scheduler.pacing = pacing
        return true
    }

    /// Input for the carousel (`FrameScheduler.handle`).
    public mutating func handle(_ event: InputEvent) -> CarouselAction? {
        scheduler.handle(event)
    }

    /// Changes the carousel from outside its input (`FrameScheduler.update`).
    public mutating func update(_ body: (inout Carousel) -> Void) {
        scheduler.update(body)
    }

    /// A new carousel in place of the current one (`FrameScheduler.replace`).
    public mutating func replace(_ carousel: Carousel) {
        scheduler.replace(carousel)
    }

    /// The picture changed outside the carousel's motion (`FrameScheduler.requestRedraw`).
    public mutating func requestRedraw() {
        scheduler.requestRedraw()
    }

    /// The overlay planes changed on their own (`FrameScheduler.requestOverlayFlip`).
    public mutating func requestOverlayFlip() {
        scheduler.requestOverlayFlip()
    }

    /// A banner finished rendering (`FrameScheduler.bannersRendered`).
    public mutating func bannersRendered() {
        scheduler.bannersRendered()
    }

    /// Retires the display's flip if its bound has passed at `now`.
    private mutating func retireOverdueFlip(on display: any ScanoutDevice, at now: Duration) {
        guard display.retireOverdueFlip(now: now) else { return }
        scheduler.flipLost()
        health.flipFailed(at: now)
    }

    /// Retires an overdue flip, runs the physics steps due at `now` and, when the picture changed and the display
    /// has no flip in flight, shows the frame: by `pan` (a window of a strip, nil when it cannot), else drawn with
    /// `draw` (the carousel as it now is, into the display's back buffer) and presented. A present that throws
    /// counts as refused (retried a step later) and the error is passed on for the log. Autoplay moves only onto
    /// banners `isReady` says are rendered. When the picture did not change but the overlay planes did
    /// (`requestOverlayFlip`), they are flipped alone (`OverlayScanout.presentOverlays`).
    public mutating func frame(
        at now: Duration, on display: (any ScanoutDevice)?, isReady: (Int) -> Bool = { _ in true },
        pan: (Carousel) throws -> PresentOutcome? = { _ in nil }, draw: (PixelBuffer, Carousel) -> Void
    )
        throws -> FrameResult
    {
        if let display { retireOverdueFlip(on: display, at: now) }
        guard scheduler.wake(at: now, isReady: isReady) else {
            guard scheduler.overlayFlipDue(at: now) else { return .idle }
            guard let overlays = display as? any OverlayScanout else {
                scheduler.dropOverlayFlip()
                return .idle
            }
            return try flipOverlays(on: overlays, at: now)
        }
        guard let display else {
            scheduler.dropFrame()
            return .dropped
        }
        // Drawn when the flip completes or is retired: legacy KMS takes one flip at a time.
        guard display.flipDeadline == nil else { return .idle }
        let outcome: PresentOutcome
        let panned: Bool
        do {
            if let windowShown = try pan(scheduler.carousel) {
                outcome = windowShown
                panned = true
            } else {
                panned = false
                guard let buffer = display.backBuffer else {
                    refused(at: now)
                    return .refused
                }
                draw(buffer, scheduler.carousel)
                outcome = try display.present()
            }
        } catch {
            refused(at: now)
            throw error
        }
        guard took(outcome, at: now) else { return .refused }
        scheduler.didPresent()
        lastFramePanned = panned
        return .presented
    }

    /// Whether the display took a present (`outcome`); a frame shown at once is a completed flip for the health
    /// record, a busy display a refusal.
    private mutating func took(_ outcome: PresentOutcome, at now: Duration) -> Bool {
        switch outcome {
        case .queued: return true
        case .shown:
            health.flipCompleted()
            return true
        case .busy:
            refused(at: now)
            return false
        }
    }

    /// The overlay-only flip (`frame`), once the display has no flip in flight; refused as a frame is.
    private mutating func flipOverlays(on display: any OverlayScanout, at now: Duration) throws -> FrameResult {
        guard display.flipDeadline == nil else { return .idle }
        let outcome: PresentOutcome
        do {
            outcome = try display.presentOverlays()
        } catch {
            refused(at: now)
            throw error
        }
        guard took(outcome, at: now) else { return .refused }
        scheduler.didPresentOverlays()
        return .overlaysPresented
    }

    private mutating func refused(at now: Duration) {
        scheduler.presentRefused(at: now)
        health.flipFailed(at: now)
    }

    /// The latest time the loop may sleep until for frames; nil: until input or a flip event.
    public func nextDeadline(display: (any ScanoutDevice)?) -> Duration? {
        scheduler.nextDeadline(flipDeadline: display?.flipDeadline)
    }

    /// What to do about the systemd watchdog at a wake-up.
    public enum WatchdogAction: Equatable, Sendable {
        /// Not due yet.
        case none
        /// Send `WATCHDOG=1`.
        case ping
        /// Due, but the display is hung: no ping, so that systemd restarts bannerd. Looked at again a second later
        /// (never a deadline in the past, which would make the loop spin). `first`: the first of this hang, to log.
        case withhold(first: Bool)
    }

    /// Whether to ping the watchdog (every half `interval`) at `now`; call on every wake-up. Without a `display`
    /// nothing is hung: a screen unplugged for longer than the watchdog's interval must not have systemd restart
    /// bannerd (again and again, then give up) for the presents that failed before udev said it was gone, and the
    /// next display starts with a clean record.
    public mutating func watchdog(at now: Duration, interval: Duration, display: (any ScanoutDevice)?)
        -> WatchdogAction
    {
        if display == nil { health = DisplayHealth() }
        if let due = watchdogDue, now < due { return .none }
        if health.isHung(at: now) {
            watchdogDue = now + Self.hungRecheck
            defer { withholding = true }
            return .withhold(first: !withholding)
        }
        watchdogDue = now + interval / 2
        withholding = false
        return .ping
    }

    /// When the watchdog is next due (`watchdog(at:interval:display:)`); the loop wakes then at the latest.
    public var watchdogDeadline: Duration { watchdogDue ?? .zero }

    /// How soon a hung display is looked at again, so that pings resume promptly if it recovers.
    public static let hungRecheck: Duration = .seconds(1)
}
