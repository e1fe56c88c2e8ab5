import CLinuxEvents
import Glibc
import SystemCalls

/// An eventfd another thread uses to wake the poll loop (the pre-render worker, when a banner is ready).
/// Its descriptor is owned and immutable, and write(2) on an eventfd is atomic from any thread (ThreadSanitizer:
/// BannerdRunTests wakes the loop through it from the pre-render threads).
public final class WakeSignal: Sendable {
    private let descriptor: OwnedDescriptor
    /// The descriptor's number, for the poll set.
    public var fileDescriptor: Int32 { descriptor.raw }

    public init() throws(SystemCallError) {
        let fd = eventfd(0, Int32(EFD_NONBLOCK | EFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "eventfd", errno: errno) }
        descriptor = OwnedDescriptor(taking: fd)
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
