/// Turns ticks of whatever clock drives the display (page-flip events, or a timer where the driver has
/// no vblank) into fixed 1/60 s physics steps.
///
/// Steps sit on a grid; a tick runs the grid points that passed since the last one. After a stall only
/// the last `maxCatchUpSteps` run (the snap is evaluated in closed form, so skipped steps lose nothing).
/// When the carousel has been idle, the next tick starts a fresh grid at once instead of replaying the idle time.
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

    public let maxCatchUpSteps: Int
    /// Time of the latest step run; nil while idle.
    public private(set) var lastStep: Duration?

    public init(maxCatchUpSteps: Int = 4) {
        precondition(maxCatchUpSteps >= 1)  // invariant: a configuration constant
        self.maxCatchUpSteps = maxCatchUpSteps
    }

    /// The steps due at `now`. Zero steps means this tick came too early (a fast or vblank-less driver).
    public mutating func steps(at now: Duration) -> Steps {
        guard let previous = lastStep else {
            lastStep = now
            return Steps(count: 1, last: now)
        }
        guard now > previous else { return Steps(count: 0, last: previous) }
        let due = Int((now - previous) / Self.step)
        guard due > 0 else { return Steps(count: 0, last: previous) }
        let last = previous + Self.step * due
        lastStep = last
        return Steps(count: min(due, maxCatchUpSteps), last: last)
    }

    /// When the next step falls due; nil while idle (nothing to wake up for).
    public var nextStepTime: Duration? {
        lastStep.map { $0 + Self.step }
    }

    /// The carousel came to rest: stop the grid so no wake-ups happen until something moves again.
    public mutating func idle() {
        lastStep = nil
    }
}
