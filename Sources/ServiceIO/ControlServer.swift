import ControlProtocol
import Glibc
import SystemCalls

/// The control socket: a Unix stream socket taking one command per line and answering one line each.
///
/// Non-blocking throughout, so a slow or stuck client never holds up the frame loop: the loop polls
/// the descriptors from `appendPollDescriptors(to:)` and calls `handleReadable(_:)` for the ready ones.
public final class ControlServer {
    public let path: String
    private let listener: OwnedDescriptor
    private var clients: [Connection] = []
    /// Numbers connections, so a late reply never reaches a newer client given a closed one's descriptor number.
    private var connections = 0
    /// Clients idle or flooding beyond this are dropped.
    private static let maximumLine = 4096
    private static let maximumClients = 16

    /// Binds `path` with mode 0660 (group `group` when it exists). A stale socket left by a previous run is
    /// replaced; any other file at the path is an error and is left untouched.
    public init(path: String, group: String? = "bannerd") throws(SystemCallError) {
        self.path = path
        var existing = stat()
        if lstat(path, &existing) == 0 {
            guard existing.st_mode & S_IFMT == S_IFSOCK else {
                throw SystemCallError(call: "bind", refused: "the path exists and is not a socket", .socket(path))
            }
            unlink(path)
        }
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue | SOCK_NONBLOCK.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError(call: "socket", errno: errno, .socket(path)) }
        let listener = OwnedDescriptor(taking: fd)
        defer { withExtendedLifetime(listener) {} }  // open for every call below, on every path
        func fail(_ call: String) -> SystemCallError { SystemCallError(call: call, errno: errno, .socket(path)) }
        guard try withUnixAddress(path, { bind(fd, $0, $1) }) == 0 else { throw fail("bind") }
        guard chmod(path, 0o660) == 0 else { throw fail("chmod") }
        if let group, let entry = getgrnam(group), chown(path, uid_t.max, entry.pointee.gr_gid) != 0 {
            throw fail("chown")
        }
        guard listen(fd, 8) == 0 else { throw fail("listen") }
        self.listener = listener
    }

    deinit {
        unlink(path)
    }

    /// Adds the descriptors to poll for reading, the listener and every connected client, to `descriptors`
    /// (the loop's reused list: no allocation per wake-up).
    public func appendPollDescriptors(to descriptors: inout [Int32]) {
        descriptors.append(listener.raw)
        for client in clients { descriptors.append(client.descriptor.raw) }
    }

    /// A client whose answer comes later (`handleReadable`'s `answer` returned nil): pass it to `reply(_:to:)`.
    public struct Client: Equatable, Sendable {
        let serial: Int
    }

    /// A connected client: its socket, the bytes of a line not yet complete, whether it waits for a reply.
    private struct Connection {
        let descriptor: OwnedDescriptor
        var buffer: [UInt8] = []
        var awaiting = false
        let serial: Int
    }

    /// Accepts or reads whatever `fd` has ready, answering each complete line with `answer(command, client)`.
    /// When `answer` returns nil the reply comes later through `reply(_:to:)`; that client's further lines wait
    /// until then.
    public func handleReadable(
        _ fd: Int32, answer: (Result<ControlCommand, ControlCommand.ParseError>, Client) -> ControlReply?
    ) {
        if fd == listener.raw {
            acceptClients()
            return
        }
        guard let index = clients.firstIndex(where: { $0.descriptor.raw == fd }) else { return }
        var chunk = [UInt8](repeating: 0, count: 1024)
        let count = repeatWhileInterrupted { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
        if count < 0, errno == EAGAIN { return }
        guard count > 0 else {
            drop(at: index)
            return
        }
        clients[index].buffer += chunk[0..<count]
        while !clients[index].awaiting, let newline = clients[index].buffer.firstIndex(of: UInt8(ascii: "\n")) {
            let line = String(decoding: clients[index].buffer[..<newline], as: UTF8.self)
            clients[index].buffer.removeSubrange(...newline)
            let command = Result { () throws(ControlCommand.ParseError) in try ControlCommand(parsing: Substring(line))
            }
            guard let reply = answer(command, Client(serial: clients[index].serial)) else {
                clients[index].awaiting = true
                break
            }
            guard write(reply, to: fd) else {
                drop(at: index)
                return
            }
        }
        if clients[index].buffer.count > Self.maximumLine { drop(at: index) }
    }

    /// Sends the reply `client` was waiting for; nothing if the client has gone meanwhile.
    public func reply(_ reply: ControlReply, to client: Client) {
        guard let index = clients.firstIndex(where: { $0.serial == client.serial && $0.awaiting }) else { return }
        clients[index].awaiting = false
        if !write(reply, to: clients[index].descriptor.raw) { drop(at: index) }
    }

    private func acceptClients() {
        while true {
            // accept4 is not visible to Swift's Glibc module: accept, then set the flags.
            let fd = accept(listener.raw, nil, nil)
            guard fd >= 0 else { return }  // EAGAIN: no more waiting
            let descriptor = OwnedDescriptor(taking: fd)
            _ = fcntl(fd, F_SETFD, FD_CLOEXEC)
            _ = fcntl(fd, F_SETFL, fcntl(fd, F_GETFL) | O_NONBLOCK)
            if clients.count >= Self.maximumClients { drop(at: 0) }
            connections += 1
            clients.append(Connection(descriptor: descriptor, serial: connections))
        }
    }

    /// Writes a reply with the descriptor it passes; replies are short, so a client that cannot take one line is
    /// dropped.
    private func write(_ reply: ControlReply, to fd: Int32) -> Bool {
        let bytes = Array((reply.line + "\n").utf8)
        guard let descriptor = reply.descriptor else {
            return bytes.withUnsafeBytes { send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) } == bytes.count
        }
        return descriptor.withRaw { DescriptorPassing.send(bytes, passing: $0, on: fd) } == bytes.count
    }

    private func drop(at index: Int) {
        clients.remove(at: index)
    }
}
