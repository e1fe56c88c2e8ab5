/// Which scanout buffer is on screen, which is in flight and since when, and which to draw into next: the one
/// owner of the page flip's state and of its bound. The frame loop learns from the display only that a flip
/// completed or was lost; it keeps no clock of its own for the flip.
///
/// Legacy KMS allows one pending flip per CRTC; a second `drmModePageFlip` fails with EBUSY. With three buffers
/// one can be drawn while one is in flight and one is on screen, which avoids locking to half rate on drivers
/// whose flip completes late. Indices from `bufferCount` up are strips (buffers larger than the screen, shown a
/// window at a time): never a back buffer, and flipped to again while on screen to show another window.
public struct PageFlipTracker: Equatable, Sendable {
    /// How many scanout buffers rotate (2 or 3).
    public let bufferCount: Int
    /// The buffer being scanned out, nil before the first modeset.
    public private(set) var front: Int?
    /// The buffer a flip was queued for and when.
    public private(set) var pending: (index: Int, submitted: Duration)?

    /// The bound on a flip event: some drivers drop events, and a frame loop must not hang on them. At
    /// `submitted + flipTimeout` the flip is overdue and is retired as lost.
    public static let flipTimeout = Duration.milliseconds(100)

    /// A tracker for `bufferCount` buffers, none on screen yet.
    public init(bufferCount: Int) {
        precondition(bufferCount >= 2)  // invariant: callers allocate two or three buffers
        self.bufferCount = bufferCount
    }

    /// The buffer to draw into: neither on screen nor in flight, the one after the newest; nil when every
    /// buffer is busy (two buffers and a pending flip), in which case the caller waits for the flip.
    public var back: Int? {
        let newest = pending?.index ?? front ?? (bufferCount - 1)
        for step in 1...bufferCount {
            let index = (newest + step) % bufferCount
            if index != front && index != pending?.index { return index }
        }
        return nil
    }

    /// Whether `index` is a strip's rather than one of the rotating buffers'.
    public func isStrip(_ index: Int) -> Bool { index >= bufferCount }

    /// Whether a flip is in flight.
    public var isFlipPending: Bool { pending != nil }

    /// The modeset showed `index` at once.
    public mutating func shown(_ index: Int) {
        front = index
        pending = nil
    }

    /// A flip to `index` was queued at `time`.
    public mutating func submitted(_ index: Int, at time: Duration) {
        // invariant: present() checks isFlipPending first, and draws only into a buffer not on screen
        precondition(pending == nil && (index != front || isStrip(index)))
        pending = (index, time)
    }

    /// The pending flip completed; returns when it had been submitted, nil if none was pending (a stale event).
    @discardableResult
    public mutating func completed() -> Duration? {
        guard let pending else { return nil }
        front = pending.index
        self.pending = nil
        return pending.submitted
    }

    /// When the pending flip becomes overdue; nil when none is pending.
    public var deadline: Duration? { pending.map { $0.submitted + Self.flipTimeout } }

    /// Whether the pending flip is overdue at `now` (its deadline has come): the driver lost its event.
    public func isOverdue(now: Duration) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }

    /// Retires an overdue flip as lost, taking its buffer as the one on screen (the kernel shows it once it
    /// flips, if it has not already); true when one was retired.
    public mutating func retireIfOverdue(now: Duration) -> Bool {
        guard isOverdue(now: now) else { return false }
        completed()
        return true
    }

    /// Equal when the same buffers are on screen and in flight.
    public static func == (lhs: PageFlipTracker, rhs: PageFlipTracker) -> Bool {
        lhs.bufferCount == rhs.bufferCount && lhs.front == rhs.front && lhs.pending?.index == rhs.pending?.index
            && lhs.pending?.submitted == rhs.pending?.submitted
    }
}
