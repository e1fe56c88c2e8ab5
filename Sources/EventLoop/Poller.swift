import Glibc
import MonotonicTime
import SystemCalls

/// One poll() over the loop's descriptors, sleeping until one is readable or a deadline passes.
public struct Poller {
    /// What the next wait watches, rebuilt in place before each (clients and devices come and go) without allocating.
    public var descriptors: [Int32] = []
    private var entries: [pollfd] = []
    private var readable: [Int32] = []

    public init() {
        descriptors.reserveCapacity(16)
        entries.reserveCapacity(16)
        readable.reserveCapacity(16)
    }

    /// Waits for any of `descriptors` to become readable or to have priority data (a CEC adapter's events come
    /// so; nothing else the loop polls raises it), until `deadline` (monotonic) at the latest; nil waits without
    /// limit. Returns the ready descriptors (empty on timeout). EINTR counts as a timeout. Its buffers are reused,
    /// so a wake-up allocates nothing once they have grown to the loop's size.
    public mutating func wait(until deadline: Duration?, now: Duration) throws(SystemCallError) -> [Int32] {
        entries.removeAll(keepingCapacity: true)
        for fd in descriptors { entries.append(pollfd(fd: fd, events: Int16(POLLIN | POLLPRI), revents: 0)) }
        let timeout = PollTimeout.milliseconds(until: deadline, now: now)
        let ready = poll(&entries, nfds_t(entries.count), timeout)
        if ready < 0 {
            if errno == EINTR { return [] }
            throw SystemCallError(call: "poll", errno: errno)
        }
        readable.removeAll(keepingCapacity: true)
        for entry in entries where entry.revents != 0 { readable.append(entry.fd) }
        return readable
    }
}
