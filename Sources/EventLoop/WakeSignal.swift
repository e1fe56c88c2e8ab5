import CLinuxEvents
import Glibc
import SystemCalls

/// An eventfd another thread uses to wake the poll loop (the pre-render worker, when a banner is ready).
// Sendable because its one stored property is an immutable descriptor, and write(2) on an eventfd is atomic from
// any thread (ThreadSanitizer: BannerdRunTests wakes the loop through it from the pre-render threads).
public final class WakeSignal: @unchecked Sendable {
    /// Readable after `wake()` until `drain()`.
    public let fileDescriptor: Int32

    public init() throws(SystemCallError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "eventfd", errno: errno) }
        fileDescriptor = fd
    }

    deinit {
        close(fileDescriptor)
    }

    /// Wakes the loop; safe from any thread. A full counter (never in practice) already means "awake".
    public func wake() {
        var one: UInt64 = 1
        _ = write(fileDescriptor, &one, 8)
    }

    /// Clears the wake-up.
    public func drain() {
        var count: UInt64 = 0
        _ = read(fileDescriptor, &count, 8)
    }
}
