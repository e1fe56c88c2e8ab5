import Glibc
import SystemCalls
import Testing

/// Threads without Foundation: a named detached thread, and the lock and condition the worker threads share
/// (scripts/test runs this suite under ThreadSanitizer, which sees a missing lock).
@Suite struct ThreadsTests {
    /// State the test thread and its threads share, only under `lock`.
    private final class Shared: @unchecked Sendable {
        let lock = ConditionLock()
        var names: [String] = []
        var count = 0
    }

    @Test func threadsRunTheirBodyUnderTheirNameAndAnnounceThroughTheCondition() throws {
        let shared = Shared()
        let threads = 4
        for n in 0..<threads {
            try startThread(named: "test-thread-\(n)-with-a-long-name") {
                // The kernel's name for this thread, as `top -H` and crash reports show it.
                let name = (try? String(decoding: readAll("/proc/thread-self/comm"), as: UTF8.self)) ?? "?"
                for _ in 0..<1000 {
                    shared.lock.withLock { shared.count += 1 }
                }
                shared.lock.withLock {
                    shared.names.append(name.trimmingSuffix("\n"))
                    shared.lock.broadcast()
                }
            }
        }
        shared.lock.lock()
        while shared.names.count < threads { shared.lock.wait() }
        shared.lock.unlock()
        #expect(shared.count == threads * 1000)
        // Cut to the kernel's 15 bytes.
        #expect(shared.names.sorted() == (0..<threads).map { "test-thread-\($0)-w" })
        // Whole characters only: a cut through "é" (2 bytes) would be refused and leave the thread unnamed.
        let named = Shared()
        try startThread(named: "prérendu-éééééé") {
            let name = (try? String(decoding: readAll("/proc/thread-self/comm"), as: UTF8.self)) ?? "?"
            named.lock.withLock {
                named.names = [name.trimmingSuffix("\n")]
                named.lock.broadcast()
            }
        }
        named.lock.lock()
        while named.names.isEmpty { named.lock.wait() }
        named.lock.unlock()
        #expect(named.names == ["prérendu-éé"])
    }

    @Test func errnoTextIsTheCLibrarysEvenForCodesItDoesNotKnow() {
        #expect(errnoText(EACCES) == "Permission denied")
        #expect(errnoText(123_456) == "Unknown error 123456")
    }

    @Test func theEnvironmentIsReadWhole() throws {
        let path = try #require(getenv("PATH").map { String(cString: $0) })
        let environment = processEnvironment()
        #expect(environment["PATH"] == path)
        #expect(environment.count >= 1)
    }

    @Test func writeAllWritesEveryByteOrSaysWhyNot() throws {
        var ends: [Int32] = [-1, -1]
        try #require(pipe(&ends) == 0)
        defer { close(ends[0]) }
        // More than a pipe holds (64 KiB): write(2) takes part of it at a time while the reader drains.
        let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 * 7) }
        let readEnd = ends[0]
        let reader = Received()
        try startThread(named: "test-reader") {
            var got: [UInt8] = []
            var chunk = [UInt8](repeating: 0, count: 8192)
            while true {
                let n = chunk.withUnsafeMutableBytes { read(readEnd, $0.baseAddress, $0.count) }
                if n <= 0 { break }
                got += chunk[..<n]
            }
            reader.lock.withLock {
                reader.bytes = got
                reader.lock.broadcast()
            }
        }
        #expect(writeAll(bytes, to: ends[1]) == nil)
        close(ends[1])
        reader.lock.lock()
        while reader.bytes == nil { reader.lock.wait() }
        reader.lock.unlock()
        #expect(reader.bytes == bytes)
        #expect(writeAll([1, 2, 3], to: -1) == EBADF)
    }

    /// What the reader thread read, only under `lock`.
    private final class Received: @unchecked Sendable {
        let lock = ConditionLock()
        var bytes: [UInt8]?
    }
}

private func readAll(_ path: String) throws -> [UInt8] {
    let fd = open(path, O_RDONLY)
    guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno) }
    defer { close(fd) }
    var bytes = [UInt8](repeating: 0, count: 64)
    let n = bytes.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
    guard n >= 0 else { throw SystemCallError(call: "read", errno: errno) }
    return Array(bytes[..<n])
}

extension String {
    fileprivate func trimmingSuffix(_ suffix: String) -> String {
        hasSuffix(suffix) ? String(dropLast(suffix.count)) : self
    }
}
