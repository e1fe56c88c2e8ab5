import MonotonicTime
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The plain system calls the display wrappers make, each retrying EINTR; all follow −1 + errno unless noted.
enum Syscalls {
    /// poll(2) on one descriptor for reading; true when readable. The timeout bounds every wait, retries included.
    static func waitReadable(_ fd: Int32, timeout: Duration, path: String) throws(SystemCallError) -> Bool {
        let deadline = MonotonicClock.now() + timeout
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        let ready = repeatWhileInterrupted {
            poll(&entry, 1, PollTimeout.milliseconds(until: deadline, now: MonotonicClock.now()))
        }
        guard ready >= 0 else { throw SystemCallError(call: "poll", errno: errno, .display(path)) }
        return ready > 0 && entry.revents & Int16(POLLIN) != 0
    }

    /// mmap(2) shared read/write; MAP_FAILED ((void *)-1) + errno on failure.
    static func mapShared(fd: Int32, length: Int, offset: Int, path: String) throws(SystemCallError)
        -> UnsafeMutableRawPointer
    {
        let address = mmap(nil, length, PROT_READ | PROT_WRITE, MAP_SHARED, fd, off_t(offset))
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw SystemCallError(call: "mmap", errno: errno, .display(path))
        }
        return address
    }

    /// munmap(2); failure only means a bad range, which would be our bug, so it is not reported.
    static func unmap(_ address: UnsafeMutableRawPointer, length: Int) {
        _ = munmap(address, length)
    }

    /// ioctl(2) with a pointer argument, retrying EINTR.
    static func ioctl(_ fd: Int32, _ request: UInt, _ argument: UnsafeMutableRawPointer, name: String, path: String)
        throws(SystemCallError)
    {
        guard repeatWhileInterrupted({ Glibc.ioctl(fd, request, argument) }) == 0 else {
            throw SystemCallError(call: name, errno: errno, .display(path))
        }
    }

    /// ioctl(2) with an integer argument (passed by value, as FBIOBLANK takes it), retrying EINTR.
    static func ioctl(_ fd: Int32, _ request: UInt, value: Int32, name: String, path: String) throws(SystemCallError) {
        guard repeatWhileInterrupted({ Glibc.ioctl(fd, request, value) }) == 0 else {
            throw SystemCallError(call: name, errno: errno, .display(path))
        }
    }

    /// Sleeps for `duration` (used only between retries of taking DRM master).
    static func sleep(_ duration: Duration) {
        var request = timespec(
            tv_sec: Int(duration.components.seconds),
            tv_nsec: Int(duration.components.attoseconds / 1_000_000_000))
        var remaining = timespec()
        while nanosleep(&request, &remaining) != 0 && errno == EINTR { request = remaining }
    }
}
