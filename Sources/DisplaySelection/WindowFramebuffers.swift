/// The framebuffers made for windows of strips (`PanMethod.framebufferOffset`): the one on screen, the one in
/// flight, and those that may still be scanned out after a lost flip event. It says which the display may remove
/// and when: never one that may be on glass, since removing a framebuffer on screen turns the plane off.
public struct WindowFramebuffers: Equatable, Sendable {
    /// On screen (the last completed flip was to it).
    public private(set) var front: UInt32?
    /// In flight.
    public private(set) var pending: UInt32?
    /// On screen when a flip event was lost: they may still be scanned out until a flip is known to complete.
    public private(set) var uncertain: [UInt32] = []

    public init() {}

    /// A flip to `framebuffer` was queued (a flip to a buffer of its own queues none: see `flipEnded`).
    public mutating func submitted(_ framebuffer: UInt32) {
        pending = framebuffer
    }

    /// The flip in flight ended: completed (its event came), or retired as lost. `remove` is called for each
    /// framebuffer that can no longer be on screen (a call, not an array: this runs at every flip).
    public mutating func flipEnded(completed: Bool, remove: (UInt32) -> Void) {
        if completed {
            for framebuffer in uncertain { remove(framebuffer) }
            uncertain.removeAll(keepingCapacity: true)
        }
        if let old = front {
            if completed { remove(old) } else { uncertain.append(old) }
        }
        (front, pending) = (pending, nil)
    }

    /// Every framebuffer still held, for the display's shutdown (after the CRTC no longer shows them).
    public mutating func takeAll() -> [UInt32] {
        defer { self = WindowFramebuffers() }
        return [front, pending].compactMap { $0 } + uncertain
    }
}
