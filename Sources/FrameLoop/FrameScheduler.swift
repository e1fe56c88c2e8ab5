import CarouselEngine

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
    /// Page flips that never reported completion within the bound.
    public var flipTimeouts = 0
}

/// The frame loop's decisions, without any I/O: when to step the physics, when to draw, and how long the
/// caller may sleep. The caller owns the clock, the display and the poll(); it reports what happened
/// (`handle`, `wake`, `didPresent`, `flipCompleted`) and sleeps until `nextDeadline`, or until input
/// or a flip completion arrives.
///
/// At rest it asks for no wake-ups at all (or one, when autoplay is due); it draws only when the
/// picture changed; while a page flip is in flight it waits for it, bounded by `flipTimeout`.
public struct FrameScheduler: Sendable {
    /// Drivers sometimes drop flip events; a flip not completed by then is treated as done.
    public static let flipTimeout: Duration = .milliseconds(100)

    public private(set) var carousel: Carousel
    /// May change once the display has shown whether its flips follow a real vblank.
    public var pacing: Pacing
    public private(set) var statistics = FrameStatistics()
    /// When the frame in flight was handed to the display; nil when no flip is pending.
    public private(set) var flipSubmitted: Duration?
    private var pacer = FramePacer()
    private var needsPresent = true  // the first frame is always drawn
    /// Whether, when the caller last went to sleep, anything asked for frames.
    private var wantedFrames = true

    public init(carousel: Carousel, pacing: Pacing) {
        self.carousel = carousel
        self.pacing = pacing
    }

    /// Whether a page flip is in flight.
    public var flipPending: Bool { flipSubmitted != nil }

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

    /// The loop woke at `now`: runs the physics steps due and returns whether to draw and present a frame now.
    public mutating func wake(at now: Duration) -> Bool {
        statistics.wakeups += 1
        if let submitted = flipSubmitted, now - submitted >= Self.flipTimeout {
            statistics.flipTimeouts += 1
            flipSubmitted = nil
        }
        // Woken by input or autoplay after a quiet spell: start a fresh grid now (drawing at once) rather than
        // replaying the quiet time as late frames. A grid point must have passed, so this never draws twice
        // within one step.
        if !wantedFrames, let next = pacer.nextStepTime, now >= next { pacer.idle() }
        let steps = pacer.steps(at: now)
        statistics.framesLate += max(0, steps.count - 1)
        for i in 0..<steps.count where carousel.advance(to: steps.time(i)) {
            needsPresent = true
        }
        wantedFrames = carousel.wantsFrames || needsPresent
        return needsPresent && flipSubmitted == nil
    }

    /// A frame was drawn and handed to the display at `now`.
    public mutating func didPresent(at now: Duration) {
        statistics.framesRendered += 1
        needsPresent = false
        flipSubmitted = now
        wantedFrames = carousel.wantsFrames
    }

    /// There is nowhere to show the frame (no display connected): forget it without counting it, so the loop
    /// sleeps instead of retrying; the carousel's clock keeps running.
    public mutating func dropFrame() {
        needsPresent = false
        wantedFrames = carousel.wantsFrames
    }

    /// The display reported the pending flip complete (or the display presents synchronously).
    public mutating func flipCompleted() {
        flipSubmitted = nil
    }

    /// The latest time the caller may sleep until; nil means sleep until input or a flip completion.
    public var nextDeadline: Duration? {
        if let submitted = flipSubmitted, needsPresent || (pacing == .vblank && carousel.wantsFrames) {
            // The flip completion is the tick; the bound covers drivers that drop the event.
            return submitted + Self.flipTimeout
        }
        if needsPresent { return pacer.lastStep ?? .zero }
        if carousel.wantsFrames { return pacer.nextStepTime ?? .zero }
        return carousel.nextAutoplayTime
    }
}
