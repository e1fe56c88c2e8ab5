import ControlProtocol
import Foundation
import Glibc
import ServiceIO
import Synchronization
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
        #expect(throws: ServiceError(call: "connect", errno: ENOENT, path: "/nonexistent/notify")) {
            _ = try SystemdNotifier(environment: ["NOTIFY_SOCKET": "/nonexistent/notify"])
        }
    }

    @Test func controlSocketAnswersEachLineAndNeverBlocks() throws {
        let path = temporaryDirectory() + "/control"
        let server = try ControlServer(path: path, group: nil)
        var mode = stat()
        #expect(stat(path, &mode) == 0 && mode.st_mode & 0o777 == 0o660)
        // Serve on a thread of its own by polling, as the frame loop does (not on the test's task pool,
        // which the blocking client below may occupy).
        let done = Atomic<Bool>(false)
        // Handed to the serving thread (the compiler checks that nothing here uses it afterwards).
        let handoff = Mutex<ControlServer?>(server)
        let serving = Thread {
            guard let serverOnThread = handoff.withLock({ $0.take() }) else { return }
            while !done.load(ordering: .relaxed) {
                var descriptors: [Int32] = []
                serverOnThread.appendPollDescriptors(to: &descriptors)
                var fds = descriptors.map { pollfd(fd: $0, events: Int16(POLLIN), revents: 0) }
                guard poll(&fds, nfds_t(fds.count), 10) >= 0 else { return }
                for entry in fds where entry.revents != 0 {
                    serverOnThread.handleReadable(entry.fd) { command in
                        switch command {
                        case .success(.goto(let n)): return "ok goto \(n)"
                        case .success(let other): return "ok \(other)"
                        case .failure(let error): return "error: \(error)"
                        }
                    }
                }
            }
        }
        serving.start()
        defer { done.store(true, ordering: .relaxed) }
        #expect(try ControlClient.send("goto 4", to: path) == "ok goto 4")
        #expect(try ControlClient.send("status", to: path) == "ok status")
        #expect(try ControlClient.send("dance", to: path).hasPrefix("error: unknown command `dance`"))
    }

    @Test func refusesToReplaceAFileThatIsNotASocket() throws {
        let path = temporaryDirectory() + "/precious"
        #expect(FileManager.default.createFile(atPath: path, contents: Data("keep me".utf8)))
        #expect(throws: ServiceError.self) { _ = try ControlServer(path: path, group: nil) }
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "keep me")
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
