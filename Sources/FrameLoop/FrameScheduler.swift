import CarouselEngine
import DisplaySelection

/// How frames are paced on a display.
public enum Pacing: String, Sendable {
    /// Page-flip completions arrive at the display's refresh: each one is a tick.
    case vblank
    /// The driver has no real vblank (flips complete at once, or the refresh is nonsense): a 60 Hz timer ticks.
    case timer

    /// The pacing a display's decision calls for: flip events until its flips have shown there is no usable vblank.
    public init(_ decision: PacingDecision) {
        if case .timer = decision {
            self = .timer
        } else {
            self = .vblank
        }
    }
}

/// Counters a status report and the benchmarks read.
public struct FrameStatistics: Equatable, Sendable {
    /// Frames drawn and handed to the display.
    public var framesRendered = 0
    /// Physics steps that had to be caught up because a wake-up came late.
    public var framesLate = 0
    /// Times the loop woke up.
    public var wakeups = 0
    /// Page flips that never reported completion within the bound (retired as lost by the display).
    public var flipTimeouts = 0
    /// Presents the display refused (`busy`: the kernel still held a flip retired as lost), retried a step later.
    public var presentsRefused = 0
    /// Times autoplay was due but stayed, the banner it would bring in not rendered yet.
    public var autoplayWaits = 0
    /// Flips that changed the overlay planes alone (a video's frames on a plane at rest): nothing drawn.
    public var overlayFlips = 0
}

/// The carousel as the display shows it: what the frame on glass (or handed to the display for its next blank)
/// was drawn from. Proof of play, the metrics and screenshots read this one answer.
public struct GlassPicture: Equatable, Sendable {
    /// The banner nearest the centre.
    public var index: Int
    /// At rest with no finger down: nothing moves on glass.
    public var settled: Bool

    public init(index: Int, settled: Bool) {
        self.index = index
        self.settled = settled
    }

    init(_ carousel: Carousel) {
        self.init(index: carousel.index, settled: carousel.isSettled)
    }
}

/// The frame loop's decisions, without any I/O: when to step the physics, when to draw, and how long the
/// caller may sleep. The caller owns the clock, the display and the poll(); it reports what happened
/// (`handle`, `wake`, `didPresent`, `flipLost`, `presentRefused`) and sleeps until
/// `nextDeadline(flipDeadline:)`, or until input or a flip completion arrives.
///
/// At rest it asks for no wake-ups at all (or one, when autoplay is due); it draws only when the picture changed
/// and never more than once per 60 Hz step (but for the first blank of a motion, which moves the steps onto the
/// display's blanks); while a page flip is in flight it waits for it. The flip, its
/// submit time and its bound belong to the display (`PageFlipTracker`); the scheduler keeps no copy.
public struct FrameScheduler: Sendable {
    public private(set) var carousel: Carousel
    /// May change once the display has shown whether its flips follow a real vblank.
    public internal(set) var pacing: Pacing
    public private(set) var statistics = FrameStatistics()
    /// After a refused present: not before then.
    private var retryAt: Duration?
    /// The blank at which the display last completed a flip, not yet taken into the steps (vblank pacing only).
    private var blank: Duration?
    /// The vblank counter of the last completion.
    private var lastSequence: UInt32?
    private var pacer = FramePacer()
    private var needsPresent = true  // the first frame is always drawn
    /// The overlay planes changed on their own since the frame on glass (`requestOverlayFlip`).
    public private(set) var needsOverlayFlip = false
    /// Whether, when the caller last went to sleep, anything asked for frames.
    private var wantedFrames = true
    /// A banner was rendered while autoplay waited: look at its target again at once.
    private var autoplayMayGo = false
    /// What the display shows; nil before the first frame and while there is no display.
    public private(set) var glass: GlassPicture?
    /// Nothing on glass yet: the first frame waits for the banners it shows to be rendered until then, so that a
    /// placeholder is never the first picture (`RenderingPatience`; the screen stays as the modeset left it, black).
    private var firstFrameDeadline: Duration?
    /// The first frame is being held back (`firstFrameDeadline`).
    private var holdingFirstFrame = false

    public init(carousel: Carousel, pacing: Pacing) {
        self.carousel = carousel
        self.pacing = pacing
    }

    /// Applies an input event to the carousel.
    public mutating func handle(_ event: InputEvent) -> CarouselAction? {
        carousel.handle(event)
    }

    /// Changes the carousel from outside input (remote commands: next, goto, pause); frames follow as needed.
    public mutating func update(_ body: (inout Carousel) -> Void) {
        body(&carousel)
        wantedFrames = true
    }

    /// Something outside the engine changed the picture (a banner finished rendering): draw again.
    public mutating func requestRedraw() {
        needsPresent = true
        wantedFrames = true
    }

    /// The overlay planes changed on their own (the next frame of a video on its plane): a flip that draws nothing,
    /// at the next wake-up with no flip in flight, unless a frame drawn by then carries the change with it. Never
    /// before the first frame: the overlays go to glass with it.
    public mutating func requestOverlayFlip() {
        needsOverlayFlip = true
    }

    /// Whether an overlay-only flip is due at `now`: asked for, a frame on glass, and no refusal to wait out.
    public func overlayFlipDue(at now: Duration) -> Bool {
        needsOverlayFlip && glass != nil && retryAt.map { now >= $0 } ?? true
    }

    /// The display has no overlay planes to flip (none, or one without them): the request is dropped, so that the
    /// loop does not wake for it again and again.
    public mutating func dropOverlayFlip() {
        needsOverlayFlip = false
    }

    /// The overlays' flip was handed to the display.
    public mutating func didPresentOverlays() {
        statistics.overlayFlips += 1
        needsOverlayFlip = false
        retryAt = nil
    }

    /// Banners were rendered: if autoplay waits for one, it looks again at the next wake-up; a first frame held
    /// for its banners waits its whole patience afresh (rendering is slow, not stuck).
    public mutating func bannersRendered() {
        if carousel.autoplayWaiting { autoplayMayGo = true }
        if holdingFirstFrame { firstFrameDeadline = nil }
    }

    /// Replaces the carousel (new content, or a new display size) and redraws. New content takes over at rest on
    /// the banner the screen shows (`StagedContent`), so the picture on glass is read in the new carousel's terms.
    public mutating func replace(_ carousel: Carousel) {
        self.carousel = carousel
        needsPresent = true
        wantedFrames = true
        pacer.idle()
        if glass != nil { glass = GlassPicture(carousel) }
    }

    /// The loop woke at `now`: runs the physics steps due and returns whether a frame should be drawn and
    /// presented now (once the display has no flip in flight). `isReady` says which banners can be shown:
    /// autoplay moves onto no other.
    public mutating func wake(at now: Duration, isReady: (Int) -> Bool = { _ in true }) -> Bool {
        statistics.wakeups += 1
        // Woken by input or autoplay after a quiet spell: start a fresh grid now (drawing at once) rather than
        // replaying the quiet time as late frames. A grid point must have passed, so this never draws twice
        // within one step.
        if !wantedFrames, let next = pacer.nextStepTime, now >= next { pacer.idle() }
        let steps = pacer.steps(at: now, blank: blank)
        blank = nil
        statistics.framesLate += max(0, steps.count - 1)
        // While the first frame waits for its banners, the banner at rest has not begun to show, so neither has its
        // autoplay interval (a slow board took 20 s for its photos, and the first banner then showed 5 s of its 25).
        if holdingFirstFrame { carousel.restAgain(from: now) }
        let waiting = carousel.autoplayWaiting
        for i in 0..<steps.count where carousel.advance(to: steps.time(i), isReady: isReady) {
            needsPresent = true
        }
        if steps.count > 0 { autoplayMayGo = false }
        if carousel.autoplayWaiting, !waiting { statistics.autoplayWaits += 1 }
        holdingFirstFrame = false
        if needsPresent, glass == nil, !carousel.visibleViews().allSatisfy({ isReady($0.banner) }) {
            let deadline = firstFrameDeadline ?? now + RenderingPatience.sinceLastBanner
            firstFrameDeadline = deadline
            holdingFirstFrame = now < deadline
        }
        // The picture did not change (the last steps of a snap move less than a pixel): the frame on glass is
        // already the carousel as it now is, come to rest.
        if !needsPresent, glass != nil { glass = GlassPicture(carousel) }
        wantedFrames = carousel.wantsFrames || needsPresent
        if let retryAt, now < retryAt { return false }
        return needsPresent && !holdingFirstFrame
    }

    /// A frame was drawn and handed to the display.
    public mutating func didPresent() {
        statistics.framesRendered += 1
        needsPresent = false
        needsOverlayFlip = false  // the frame's flip carries them
        retryAt = nil
        wantedFrames = carousel.wantsFrames
        glass = GlassPicture(carousel)
        firstFrameDeadline = nil
    }

    /// The display refused the frame at `now` (every buffer busy, or the kernel still holds a flip retired as
    /// lost): it is drawn again one step later, never sooner, so a refusing driver cannot make the loop spin.
    public mutating func presentRefused(at now: Duration) {
        statistics.presentsRefused += 1
        retryAt = now + FramePacer.step
    }

    /// There is nowhere to show the frame (no display connected): forget it without counting it, so the loop
    /// sleeps instead of retrying; the carousel's clock keeps running.
    public mutating func dropFrame() {
        needsPresent = false
        needsOverlayFlip = false
        wantedFrames = carousel.wantsFrames
        glass = nil
        firstFrameDeadline = nil  // a display that comes back waits for its banners afresh
    }

    /// The display completed a flip. When its vblank counter moved since the last one, the completion was a
    /// real blank and, with vblank pacing, the steps follow the blanks (`FramePacer.steps(at:blank:)`); a
    /// counter that stands still (no vblank: flips complete at once) leaves the timer's grid alone.
    public mutating func flipCompleted(_ completion: FlipCompletion) {
        defer { lastSequence = completion.sequence }
        guard pacing == .vblank, let lastSequence, completion.sequence != lastSequence else { return }
        blank = completion.time
    }

    /// The display retired the pending flip as lost (its event never came within the display's bound).
    public mutating func flipLost() {
        statistics.flipTimeouts += 1
    }

    /// The latest time the caller may sleep until; nil means sleep until input or a flip completion.
    /// `flipDeadline` is the display's bound on the flip in flight (`ScanoutDevice.flipDeadline`), nil when no
    /// flip is in flight: the display owns that state, the scheduler only reads it.
    public func nextDeadline(flipDeadline: Duration?) -> Duration? {
        // The worker's wake-up for each banner rendered looks again; patience ends the wait at the latest.
        if holdingFirstFrame, let firstFrameDeadline { return firstFrameDeadline }
        let overlays = needsOverlayFlip && glass != nil
        if let flipDeadline, needsPresent || overlays || (pacing == .vblank && carousel.wantsFrames) {
            // The flip completion is the tick; the display's bound covers drivers that drop the event.
            return flipDeadline
        }
        if needsPresent || overlays, let retryAt { return max(retryAt, pacer.lastStep ?? .zero) }
        if needsPresent || overlays { return pacer.lastStep ?? .zero }
        if carousel.wantsFrames { return pacer.nextStepTime ?? .zero }
        // Waiting for autoplay's banner: the wake-up that brings it (`bannersRendered`) is the deadline.
        if carousel.autoplayWaiting, !autoplayMayGo { return nil }
        if autoplayMayGo { return max(pacer.nextStepTime ?? .zero, carousel.nextAutoplayTime ?? .zero) }
        // Autoplay begins at a step: while the grid runs (an animation's frame was just drawn), at its next one. The
        // step that drew the frame may fall a hair before the autoplay time, and waking at that time, already past,
        // would find no step due, again and again until the next.
        guard let autoplay = carousel.nextAutoplayTime else { return nil }
        return max(autoplay, pacer.nextStepTime ?? autoplay)
    }
}
