import ControlProtocol
import Foundation
import Glibc
import Raster
import ServiceIO
import Synchronization
import SystemCalls
import Testing

/// Over real sockets in a temporary directory.
@Suite struct ServiceIOTests {
    private func temporaryDirectory() -> String {
        let path = NSTemporaryDirectory() + "bannerd-test-" + UUID().uuidString
        #expect((try? FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)) != nil)
        return path
    }

    @Test func notifierSpeaksTheSdNotifyProtocol() throws {
        let dir = temporaryDirectory()
        let path = dir + "/notify"
        // systemd's side: a datagram socket bound at NOTIFY_SOCKET.
        let receiver = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue), 0)
        defer { close(receiver) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { raw in
            for (i, byte) in path.utf8.enumerated() { raw[i] = byte }
        }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(receiver, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        #expect(bound == 0)
        let notifier = try #require(
            try SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "15000000"]))
        #expect(notifier.watchdogInterval == .seconds(15))
        try notifier.ready(status: "banner 1/3")
        try notifier.watchdog()
        try notifier.stopping()
        func receive() -> String {
            var buffer = [UInt8](repeating: 0, count: 512)
            let count = buffer.withUnsafeMutableBytes { recv(receiver, $0.baseAddress, $0.count, 0) }
            return String(decoding: buffer[0..<max(0, count)], as: UTF8.self)
        }
        #expect(receive() == "READY=1\nSTATUS=banner 1/3")
        #expect(receive() == "WATCHDOG=1")
        #expect(receive() == "STOPPING=1")
        #expect(try SystemdNotifier(environment: [:]) == nil)
        #expect(
            try SystemdNotifier(environment: ["NOTIFY_SOCKET": path, "WATCHDOG_USEC": "5", "WATCHDOG_PID": "1"])?
                .watchdogInterval == nil)
    }

    @Test func notifierNamesAMissingSocket() {
        #expect(throws: SystemCallError(call: "connect", errno: ENOENT, .socket("/nonexistent/notify"))) {
            _ = try SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/notify"])
        }
    }

    @Test func controlSocketAnswersEachLineAndNeverBlocks() throws {
        let path = temporaryDirectory() + "/control"
        let done = Atomic<Bool>(false)
        // Made on the thread that serves it, by polling as the frame loop does (not on the test's task pool, which
        // the blocking client below may occupy): a ControlServer is not Sendable, and Swift 6.0.3 cannot hand one
        // over through a Mutex.
        let opened = Mutex<String?>(nil)  // "serving", or why the server could not be made
        let serving = Thread {
            let serverOnThread: ControlServer
            do {
                serverOnThread = try ControlServer(path: path, group: nil)
                opened.withLock { $0 = "serving" }
            } catch {
                opened.withLock { $0 = "\(error)" }
                return
            }
            var pending: ControlServer.Client?
            while !done.load(ordering: .relaxed) {
                var descriptors: [Int32] = []
                serverOnThread.appendPollDescriptors(to: &descriptors)
                var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), 10) >= 0 else { return }
                for entry in fds where entry.revents != 0 {
                    serverOnThread.handleReadable(entry.fd) { command, client in
                        switch command {
                        case .success(.goto(let n)): return ControlReply("ok goto \(n)")
                        case .success(.screenshot):
                            // Answered later, as the service answers once the next frame is presented.
                            pending = client
                            return nil
                        case .success(let other): return ControlReply("ok \(other)")
                        case .failure(let error): return ControlReply("error: \(error)")
                        }
                    }
                }
                if let client = pending {
                    pending = nil
                    serverOnThread.reply(ServiceIOTests.screenshotReply(), to: client)
                }
            }
        }
        serving.start()
        defer { done.store(true, ordering: .relaxed) }
        var state: String?
        for _ in 0..<1000 {
            state = opened.withLock { $0 }
            if state != nil { break }
            usleep(10_000)
        }
        try #require(state == "serving", "\(state ?? "the server did not start in 10 s")")
        var mode = stat()
        #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o660)
        #expect(try ControlClient.send("goto 4", to: path) == "ok goto 4")
        #expect(try ControlClient.send("status", to: path) == "ok status")
        #expect(try ControlClient.send("dance", to: path).hasPrefix("error: unknown command `dance`"))
        // A screenshot's pixels cross as a descriptor beside the reply line, rows packed tightly.
        let reply = try ControlClient.exchange("screenshot", with: path)
        let header = try #require(ScreenshotReply(parsing: reply.line))
        let descriptor = try #require(reply.descriptor)
        #expect(descriptor.withRaw { fcntl($0, F_GETFD) } & FD_CLOEXEC != 0)
        let frame = try FrameFile.read(descriptor, width: header.width, height: header.height, format: .xrgb8888)
        let expected = Self.testFrame(stride: 12)
        #expect(frame.buffer.stride == 12)
        #expect(frame.buffer.snapshot() == expected.buffer.snapshot())
        #expect(memcmp(frame.buffer.base, expected.buffer.base, 24) == 0)
        // A plain command's reply passes nothing.
        #expect(try ControlClient.exchange("status", with: path).descriptor == nil)
    }

    /// A 3x2 frame whose every pixel differs, rows `stride` bytes apart.
    static func testFrame(stride: Int) -> PixelBufferStorage {
        let storage = PixelBufferStorage(width: 3, height: 2, format: .xrgb8888, stride: stride)
        for y in 0..<2 {
            for x in 0..<3 {
                (storage.buffer.base + y * stride).storeBytes(
                    of: UInt32(0x0010_2030 &* UInt32(1 + x + 3 * y)), toByteOffset: x * 4, as: UInt32.self)
            }
        }
        return storage
    }

    /// The reply passing `testFrame` in a memory file, as the service sends a presented frame.
    static func screenshotReply() -> ControlReply {
        guard let file = try? FrameFile(width: 3, height: 2, format: .xrgb8888) else { return ControlReply("error") }
        let frame = testFrame(stride: 16)
        for y in 0..<2 {
            (file.buffer.base + y * 12).copyMemory(from: frame.buffer.base + y * frame.buffer.stride, byteCount: 12)
        }
        return ControlReply(
            ScreenshotReply(width: 3, height: 2, format: "xrgb8888").line,
            passing: try? file.descriptor.duplicate())
    }

    @Test func aFrameFileShorterThanItsReplyIsRefusedNotMapped() throws {
        let file = try FrameFile(width: 3, height: 2, format: .xrgb8888)
        #expect(throws: SystemCallError.self) {
            _ = try FrameFile.read(file.descriptor, width: 3, height: 3, format: .xrgb8888)
        }
    }

    @Test func refusesToReplaceAFileThatIsNotASocket() throws {
        let path = temporaryDirectory() + "/precious"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        #expect(throws: SystemCallError.self) { _ = try ControlServer(path: path, group: nil) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
    }

    /// A service that takes the connection but never answers (a hung loop): the client gives up after its timeout
    /// and says it timed out, not "Resource temporarily unavailable".
    @Test func clientSaysWhenNoAnswerCame() throws {
        let path = temporaryDirectory() + "/silent.sock"
        let listener = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0)
        try #require(listener >= 0)
        defer { close(listener) }
        var address = sockaddr_un()
        address.sun_family = sa_family_t(AF_UNIX)
        withUnsafeMutableBytes(of: &address.sun_path) { $0.copyBytes(from: Array(path.utf8) + [0]) }
        let bound = withUnsafePointer(to: &address) {
            $0.withMemoryRebound(to: sockaddr.self, capacity: 1) {
                bind(listener, $0, socklen_t(MemoryLayout<sockaddr_un>.size))
            }
        }
        try #require(bound == 0 && listen(listener, 1) == 0)
        #expect(throws: SystemCallError(call: "recvmsg", refused: "no answer in 1 s", .socket(path))) {
            _ = try ControlClient.send("status", to: path, timeout: .seconds(1))
        }
    }

    @Test func clientNamesAMissingServer() {
        do {
            _ = try ControlClient.send("status", to: "/nonexistent/bannerd.sock")
            Issue.record("connected to nothing")
        } catch {
            #expect(error.description.hasPrefix("/nonexistent/bannerd.sock: connect failed: No such file"))
        }
    }
}
