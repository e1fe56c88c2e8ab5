import CLinuxEvents
import Glibc
import SystemCalls

/// Readable when the wall clock is set (NTP's first sync on a board without a real-time clock, an operator's
/// `date -s`): a CLOCK_REALTIME timerfd armed far in the future with TFD_TIMER_CANCEL_ON_SET, which the kernel
/// cancels on every discontinuous change. A loop sleeping until a wall-clock moment (a screen schedule) looks
/// again then, instead of waking periodically to notice.
public final class ClockChangeWatcher {
    private let descriptor: OwnedDescriptor
    /// The descriptor's number, for the poll set.
    public var fileDescriptor: Int32 { descriptor.raw }

    public init() throws(SystemCallError) {
        let fd = timerfd_create(CLOCK_REALTIME, Int32(TFD_NONBLOCK | TFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "timerfd_create", errno: errno) }
        descriptor = OwnedDescriptor(taking: fd)
        try rearm()
    }

    /// Clears the notification and arms the timer again (read fails with ECANCELED once after a change).
    public func rearm() throws(SystemCallError) {
        var expirations: UInt64 = 0
        _ = read(fileDescriptor, &expirations, 8)
        let flags = Int32(TFD_TIMER_ABSTIME) | Int32(TFD_TIMER_CANCEL_ON_SET)
        // Far enough ahead never to expire, within a 32-bit time_t's range.
        var spec = itimerspec(it_interval: timespec(), it_value: timespec(tv_sec: Int(Int32.max), tv_nsec: 0))
        guard timerfd_settime(fileDescriptor, flags, &spec, nil) == 0 else {
            throw SystemCallError(call: "timerfd_settime", errno: errno)
        }
    }
}
