import CarouselEngine
import DisplaySelection

/// How frames are paced on a display.
public enum Pacing: String, Sendable {
    /// Page-flip completions arrive at the display's refresh: each one is a tick.
    case vblank
    /// The driver has no real vblank (flips complete at once, or the refresh is nonsense): a 60 Hz timer ticks.
    case timer
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
    public var pacing: Pacing
    public private(set) var statistics = FrameStatistics()
    /// After a refused present: not before then.
    private var retryAt: Duration?
    /// The blank at which the display last completed a flip, not yet taken into the steps (vblank pacing only).
    private var blank: Duration?
    /// The vblank counter of the last completion.
    private var lastSequence: UInt32?
    private var pacer = FramePacer()
    private var needsPresent = true  // the first frame is always drawn
    /// Whether, when the caller last went to sleep, anything asked for frames.
    private var wantedFrames = true

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

    /// Replaces the carousel (new content, or a new display size) and redraws.
    public mutating func replace(_ carousel: Carousel) {
        self.carousel = carousel
        needsPresent = true
        wantedFrames = true
        pacer.idle()
    }

    /// The loop woke at `now`: runs the physics steps due and returns whether a frame should be drawn and
    /// presented now (once the display has no flip in flight).
    public mutating func wake(at now: Duration) -> Bool {
        statistics.wakeups += 1
        // Woken by input or autoplay after a quiet spell: start a fresh grid now (drawing at once) rather than
        // replaying the quiet time as late frames. A grid point must have passed, so this never draws twice
        // within one step.
        if !wantedFrames, let next = pacer.nextStepTime, now >= next { pacer.idle() }
        let steps = pacer.steps(at: now, blank: blank)
        blank = nil
        statistics.framesLate += max(0, steps.count - 1)
        for i in 0..<steps.count where carousel.advance(to: steps.time(i)) {
            needsPresent = true
        }
        wantedFrames = carousel.wantsFrames || needsPresent
        if let retryAt, now < retryAt { return false }
        return needsPresent
    }

    /// A frame was drawn and handed to the display.
    public mutating func didPresent() {
        statistics.framesRendered += 1
        needsPresent = false
        retryAt = nil
        wantedFrames = carousel.wantsFrames
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
        wantedFrames = carousel.wantsFrames
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
        if let flipDeadline, needsPresent || (pacing == .vblank && carousel.wantsFrames) {
            // The flip completion is the tick; the display's bound covers drivers that drop the event.
            return flipDeadline
        }
        if needsPresent, let retryAt { return max(retryAt, pacer.lastStep ?? .zero) }
        if needsPresent { return pacer.lastStep ?? .zero }
        if carousel.wantsFrames { return pacer.nextStepTime ?? .zero }
        return carousel.nextAutoplayTime
    }
}
