/// Turns ticks of whatever clock drives the display (page-flip events, or a timer where the driver has
/// no vblank) into fixed 1/60 s physics steps.
///
/// Steps sit on a grid; a tick runs the grid points that passed since the last one. After a stall only
/// the last `maxCatchUpSteps` run (the snap is evaluated in closed form, so skipped steps lose nothing).
/// When the carousel has been idle, the next tick starts a fresh grid at once instead of replaying the idle time.
/// Where the display has a real vertical blank, the grid moves onto the blanks, so that steps follow the
/// display's refresh instead of beating against it (a frame presented just after a blank would wait a whole
/// refresh, and the blank before it would show the old frame again).
public struct FramePacer: Sendable {
    /// One physics step: 1/60 s, rounded down so that 60 steps never exceed a second.
    public static let step = Duration(secondsComponent: 0, attosecondsComponent: 16_666_666_666_666_666)

    /// The steps a tick asks for: `count` steps, the last at `last`, each one `FramePacer.step` apart.
    public struct Steps: Equatable, Sendable {
        public let count: Int
        public let last: Duration

        /// Time of step `i` (0 is the earliest).
        public func time(_ i: Int) -> Duration {
            last - FramePacer.step * (count - 1 - i)
        }
    }

    /// How much sooner than a whole step after the last one a blank may come and still be the next tick. A
    /// display's refresh differs from 60 Hz by far less (59.94 Hz is 17 µs longer, 60.06 Hz 17 µs shorter), and
    /// one faster than 64 Hz (75 Hz: 13.3 ms) is not taken for it: its blanks outnumber the steps.
    public static let blankTolerance = Duration.milliseconds(1)

    /// On the blanks, a step that no flip's completion brought (nothing was drawn at the last blank) is taken
    /// this long after the blank it stands for: a frame presented right at a blank may miss it by a hair and
    /// wait a whole refresh. Its frame's completion then brings the next step.
    public static let afterBlank = Duration.milliseconds(2)

    public let maxCatchUpSteps: Int
    /// Time of the latest step run; nil while idle.
    public private(set) var lastStep: Duration?
    /// Whether the grid sits on the blanks (since the carousel last started moving).
    public private(set) var onBlanks = false

    public init(maxCatchUpSteps: Int = 4) {
        precondition(maxCatchUpSteps >= 1)  // invariant: a configuration constant
        self.maxCatchUpSteps = maxCatchUpSteps
    }

    /// The steps due at `now`. Zero steps means this tick came too early (a fast or vblank-less driver).
    ///
    /// `blank` is a vertical blank at which a page flip completed (only from a display whose vblank counter
    /// advanced: flips that complete at once are never blanks), read at `now` or up to `blankTolerance` before its
    /// time stamp, which the kernel puts at the end of the blank. The first blank after the
    /// carousel starts moving is a tick however soon it comes, once: the grid moves onto it. From then on a
    /// blank is the tick when it comes a step after the last one (within `blankTolerance`); a faster display's
    /// extra blanks are not.
    public mutating func steps(at now: Duration, blank: Duration? = nil) -> Steps {
        guard let previous = lastStep else {
            lastStep = now
            return Steps(count: 1, last: now)
        }
        // The kernel stamps a flip with the end of its blank, which the event may come a little before.
        if let blank, blank <= now + Self.blankTolerance, blank > previous,
            !onBlanks || blank - previous >= Self.step - Self.blankTolerance
        {
            let due = max(1, Int(((now - previous) / Self.step).rounded()))
            lastStep = blank
            onBlanks = true
            return Steps(count: min(due, maxCatchUpSteps), last: now)
        }
        guard now >= previous + Self.step + (onBlanks ? Self.afterBlank : .zero) else {
            return Steps(count: 0, last: previous)
        }
        let due = Int((now - previous) / Self.step)
        guard due > 0 else { return Steps(count: 0, last: previous) }
        let last = previous + Self.step * due
        lastStep = last
        return Steps(count: min(due, maxCatchUpSteps), last: last)
    }

    /// When the next step falls due; nil while idle (nothing to wake up for).
    public var nextStepTime: Duration? {
        lastStep.map { $0 + Self.step + (onBlanks ? Self.afterBlank : .zero) }
    }

    /// The carousel came to rest: stop the grid so no wake-ups happen until something moves again.
    public mutating func idle() {
        lastStep = nil
        onBlanks = false
    }
}
