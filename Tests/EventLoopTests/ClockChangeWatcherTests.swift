import EventLoop
import Glibc
import Testing

/// The timerfd itself; setting the wall clock is left to the QEMU test (tests/screen-schedule.sh), since a
/// test must not change the build machine's clock.
@Suite struct ClockChangeWatcherTests {
    @Test func armedItStaysQuietAndCanBeRearmed() throws {
        let watcher = try ClockChangeWatcher()
        var entry = pollfd(fd: watcher.fileDescriptor, events: Int16(POLLIN), revents: 0)
        #expect(poll(&entry, 1, 50) == 0)
        try watcher.rearm()
        entry.revents = 0
        #expect(poll(&entry, 1, 0) == 0)
    }
}
