import Dispatch
import Glibc
import Synchronization
import SystemCalls
import Testing

/// The helpers on real system calls: a read interrupted by a real signal, and a real failing open.
@Suite struct SystemCallsTests {
    /// How many times the reader has entered read(2), shared with the thread sending the signals.
    private final class Attempts: Sendable {
        let count = Atomic(0)
    }

    @Test func readInterruptedBySignalIsRepeatedAndGetsTheData() throws {
        // A no-op handler without SA_RESTART, so the signal makes the blocked read fail with EINTR. It stays
        // installed: a signal still in flight when the test ends must not find the default action (terminate).
        var action = sigaction()
        action.__sigaction_handler.sa_handler = { _ in }
        action.sa_flags = 0
        sigemptyset(&action.sa_mask)
        #expect(sigaction(SIGUSR1, &action, nil) == 0)
        // The test runs on a Dispatch worker thread, which blocks signals: let SIGUSR1 through while it reads.
        var usr1 = sigset_t()
        sigemptyset(&usr1)
        sigaddset(&usr1, SIGUSR1)
        var savedMask = sigset_t()
        #expect(pthread_sigmask(SIG_UNBLOCK, &usr1, &savedMask) == 0)
        defer { pthread_sigmask(SIG_SETMASK, &savedMask, nil) }

        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer {
            close(ends[0])
            close(ends[1])
        }
        let (readEnd, writeEnd) = (ends[0], ends[1])
        let reader = pthread_self()
        let attempts = Attempts()
        let done = DispatchSemaphore(value: 0)
        DispatchQueue.global().async {
            // Signal until the reader has gone back into read once (a signal sent before read blocked is
            // harmless), then write; bounded so a failing helper cannot hang the test.
            var sent = 0
            while attempts.count.load(ordering: .sequentiallyConsistent) < 2 && sent < 500 {
                pthread_kill(reader, SIGUSR1)
                sent += 1
                usleep(10_000)
            }
            _ = write(writeEnd, "data", 4)
            done.signal()
        }
        var buffer = [UInt8](repeating: 0, count: 16)
        let count = repeatWhileInterrupted {
            attempts.count.add(1, ordering: .sequentiallyConsistent)
            return buffer.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
        }
        done.wait()
        #expect(attempts.count.load(ordering: .sequentiallyConsistent) >= 2)
        #expect(count == 4)
        #expect(buffer.prefix(4) == Array("data".utf8)[...])
    }

    @Test func otherFailuresAreReturnedOnceWithTheirErrnoText() {
        var attempts = 0
        let fd = repeatWhileInterrupted {
            attempts += 1
            return open("/nonexistent/bannerd-system-calls", O_RDONLY)
        }
        let code = errno
        #expect(fd == -1 && attempts == 1 && code == ENOENT)
        #expect(errnoText(code) == "No such file or directory")
        #expect(errnoMessage(code) == "No such file or directory (ENOENT)")
        #expect(errnoMessage(EXDEV) == "Invalid cross-device link (errno \(EXDEV))")
    }
}
