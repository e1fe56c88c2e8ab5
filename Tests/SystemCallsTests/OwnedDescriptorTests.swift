import Glibc
import SystemCalls
import Testing

/// Over a real pipe: the reader sees the end of the pipe only once every owned copy of the writer has gone (a
/// descriptor number is not checked directly: tests running beside this one reuse freed numbers).
@Suite struct OwnedDescriptorTests {
    @Test func closesOnceItsLastReferenceGoes() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // Non-blocking, so a writer left open reads as EAGAIN rather than hanging the test.
        try #require(fcntl(ends[0], F_SETFL, fcntl(ends[0], F_GETFL) | O_NONBLOCK) == 0)
        var writer: OwnedDescriptor? = OwnedDescriptor(taking: ends[1])
        var copy: OwnedDescriptor? = try writer?.duplicate()
        #expect(copy?.withRaw { $0 != ends[1] } == true)
        writer = nil  // the copy keeps the pipe open
        var byte: UInt8 = 7
        #expect(copy?.withRaw { write($0, &byte, 1) } == 1)
        var received: [UInt8] = [0, 0]
        #expect(read(ends[0], &received, 2) == 1 && received[0] == 7)
        #expect(read(ends[0], &received, 2) == -1 && errno == EAGAIN, "the writer closed with a copy left")
        copy = nil
        #expect(read(ends[0], &received, 2) == 0, "the last writer was not closed")
    }

    @Test func opensCloseOnExecAndNamesWhatItCouldNotOpen() throws {
        let file = try OwnedDescriptor.open(.file("/proc/self/status"), flags: O_RDONLY)
        // A tap action's program must inherit neither the file nor a copy of it.
        #expect(file.withRaw { fcntl($0, F_GETFD) } & FD_CLOEXEC != 0)
        #expect(try file.duplicate().withRaw { fcntl($0, F_GETFD) } & FD_CLOEXEC != 0)
        #expect(throws: SystemCallError(call: "open", errno: ENOENT, .display("/nonexistent/card0"))) {
            try OwnedDescriptor.open(.display("/nonexistent/card0"), flags: O_RDWR)
        }
    }
}
