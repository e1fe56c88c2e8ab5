/// What is on screen, what is in flight and since when, which buffer to draw into next, and which framebuffers made
/// for strip windows may still be scanned out: the one owner of the page flip's state and of its bound. The frame
/// loop learns from the display only that a flip completed or was lost; it keeps no clock of its own for the flip.
///
/// Legacy KMS allows one pending flip per CRTC; a second `drmModePageFlip` fails with EBUSY. With three buffers
/// one can be drawn while one is in flight and one is on screen, which avoids locking to half rate on drivers
/// whose flip completes late. Indices from `bufferCount` up are strips (buffers larger than the screen, shown a
/// window at a time): never a back buffer, and flipped to again while on screen to show another window. A flip may
/// also show a set of overlay planes with its buffer (a video's picture and its banner's layer, issue 45), named by a
/// number the display keeps the set's buffers under; the buffer on screen is flipped to again to change the set
/// alone (the video's next frame at rest).
public struct PageFlipTracker: Equatable, Sendable {
    /// What a flip shows: buffer `index` (a strip's from `bufferCount` up), and for a window of a strip shown by
    /// `PanMethod.framebufferOffset`, the framebuffer made for that window, which the display removes once it
    /// can no longer be on glass (removing a framebuffer on screen turns the plane off); and the set of overlay
    /// planes shown with it, if any, which the display frees once no longer on glass.
    public struct Image: Equatable, Sendable {
        public let index: Int
        public let window: UInt32?
        public let overlays: UInt32?

        public init(index: Int, window: UInt32?, overlays: UInt32? = nil) {
            self.index = index
            self.window = window
            self.overlays = overlays
        }
    }

    /// The flip's state: one image on screen, and at most one flip in flight, queued at `submitted`.
    public enum State: Equatable, Sendable {
        case showing(Image)
        case flipping(from: Image, to: Image, submitted: Duration)
    }

    /// How many scanout buffers rotate (2 or 3).
    public let bufferCount: Int
    public private(set) var state: State
    /// Window framebuffers that were on screen when a flip event was lost: they may still be scanned out until a
    /// flip is known to complete.
    public private(set) var uncertain: [UInt32] = []
    /// The same for overlay sets.
    public private(set) var uncertainOverlays: [UInt32] = []

    /// The bound on a flip event: some drivers drop events, and a frame loop must not hang on them. At
    /// `submitted + flipTimeout` the flip is overdue and is retired as lost.
    public static let flipTimeout = Duration.milliseconds(100)

    /// A tracker for `bufferCount` buffers, buffer `index` on screen (the modeset showed it).
    public init(bufferCount: Int, showing index: Int) {
        precondition(bufferCount >= 2 && (0..<bufferCount).contains(index))  // invariant: two or three buffers
        self.bufferCount = bufferCount
        state = .showing(Image(index: index, window: nil))
    }

    /// The buffer being scanned out.
    public var front: Int {
        switch state {
        case .showing(let image), .flipping(from: let image, to: _, submitted: _): image.index
        }
    }

    /// The buffer a flip was queued for and when.
    public var pending: (index: Int, submitted: Duration)? {
        guard case .flipping(_, let to, let submitted) = state else { return nil }
        return (to.index, submitted)
    }

    /// The buffer to draw into: neither on screen nor in flight, the one after the newest; nil when every
    /// buffer is busy (two buffers and a pending flip), in which case the caller waits for the flip.
    public var back: Int? {
        let newest = pending?.index ?? front
        for step in 1...bufferCount {
            let index = (newest + step) % bufferCount
            if !isOnScreenOrInFlight(index) { return index }
        }
        return nil
    }

    /// Whether `index` is a strip's rather than one of the rotating buffers'.
    public func isStrip(_ index: Int) -> Bool { index >= bufferCount }

    /// Whether buffer `index` is on screen or a flip to it is in flight: not to be drawn into.
    public func isOnScreenOrInFlight(_ index: Int) -> Bool { front == index || pending?.index == index }

    /// Whether a flip is in flight.
    public var isFlipPending: Bool { pending != nil }

    /// A flip to buffer `index` (through `window`, a framebuffer made for a strip's window), showing the overlay set
    /// `overlays` with it, was queued at `time`.
    public mutating func submitted(_ index: Int, window: UInt32? = nil, overlays: UInt32? = nil, at time: Duration) {
        // invariant: present() checks isFlipPending first, and draws only into a buffer not on screen; the buffer on
        // screen is flipped to again only to show another window of a strip or another overlay set
        guard case .showing(let shown) = state, index != shown.index || isStrip(index) || overlays != shown.overlays
        else {
            preconditionFailure("a flip queued while one is pending, or to the buffer on screen")
        }
        state = .flipping(
            from: shown, to: Image(index: index, window: window, overlays: overlays), submitted: time)
    }

    /// The pending flip completed; returns when it had been submitted, nil if none was pending (a stale event).
    /// `remove` is called for each window framebuffer and `release` for each overlay set that can no longer be on
    /// glass (calls, not arrays: this runs at every flip).
    @discardableResult
    public mutating func completed(remove: (UInt32) -> Void, release: (UInt32) -> Void = { _ in }) -> Duration? {
        guard case .flipping(let from, let to, let submitted) = state else { return nil }
        for framebuffer in uncertain { remove(framebuffer) }
        uncertain.removeAll(keepingCapacity: true)
        for set in uncertainOverlays where set != to.overlays { release(set) }
        uncertainOverlays.removeAll(keepingCapacity: true)
        if let window = from.window, window != to.window { remove(window) }
        if let set = from.overlays, set != to.overlays { release(set) }
        state = .showing(to)
        return submitted
    }

    /// When the pending flip becomes overdue; nil when none is pending.
    public var deadline: Duration? { pending.map { $0.submitted + Self.flipTimeout } }

    /// Whether the pending flip is overdue at `now` (its deadline has come): the driver lost its event.
    public func isOverdue(now: Duration) -> Bool {
        guard let deadline else { return false }
        return now >= deadline
    }

    /// Retires an overdue flip as lost, taking its image as the one on screen (the kernel shows it once it
    /// flips, if it has not already); the window that was on screen may still be, and waits in `uncertain`.
    /// True when one was retired.
    public mutating func retireIfOverdue(now: Duration) -> Bool {
        guard isOverdue(now: now), case .flipping(let from, let to, _) = state else { return false }
        if let window = from.window, window != to.window { uncertain.append(window) }
        if let set = from.overlays, set != to.overlays { uncertainOverlays.append(set) }
        state = .showing(to)
        return true
    }

    /// Every window framebuffer still held, for the display's shutdown (after the CRTC no longer shows them);
    /// the tracker keeps none after.
    public mutating func takeWindows() -> [UInt32] {
        var held = uncertain
        uncertain = []
        switch state {
        case .showing(let image):
            held += [image.window].compactMap { $0 }
            state = .showing(Image(index: image.index, window: nil))
        case .flipping(let from, let to, let submitted):
            held += [from.window, to.window].compactMap { $0 }
            state = .flipping(
                from: Image(index: from.index, window: nil), to: Image(index: to.index, window: nil),
                submitted: submitted)
        }
        return held
    }
}
