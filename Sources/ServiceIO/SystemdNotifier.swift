import Glibc
import SystemCalls

/// Tells systemd about the service's state through `$NOTIFY_SOCKET` (the sd_notify protocol): READY=1 once
/// pixels are on glass, STATUS= lines, WATCHDOG=1 pings while frames complete, STOPPING=1 on the way out.
///
/// Outside systemd (no `NOTIFY_SOCKET`) every call does nothing.
public final class SystemdNotifier {
    private let socket: OwnedDescriptor
    private let path: String
    /// The watchdog interval systemd asked for (`WATCHDOG_USEC`), if any; ping at half of it.
    public let watchdogInterval: Duration?

    /// Connects to the socket named by the environment; nil when not started by systemd with Type=notify.
    public init?(environment: [String: String]) throws(SystemCallError) {
        guard let path = environment["NOTIFY_SOCKET"], !path.isEmpty else { return nil }
        self.path = path
        let fd = Glibc.socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError(call: "socket", errno: errno, .socket(path)) }
        let socket = OwnedDescriptor(taking: fd)
        defer { withExtendedLifetime(socket) {} }  // open for every call below, on every path
        let connected = try withUnixAddress(path) { Glibc.connect(fd, $0, $1) }
        guard connected == 0 else { throw SystemCallError(call: "connect", errno: errno, .socket(path)) }
        self.socket = socket
        let pid = environment["WATCHDOG_PID"].flatMap { Int32($0) }
        if let usec = environment["WATCHDOG_USEC"].flatMap({ Int64($0) }), usec > 0, pid == nil || pid == getpid() {
            watchdogInterval = .microseconds(usec)
        } else {
            watchdogInterval = nil
        }
    }

    /// Sends one notification: newline-separated `KEY=VALUE` assignments.
    public func send(_ assignments: String) throws(SystemCallError) {
        let sent = assignments.utf8CString.withUnsafeBufferPointer { buffer in
            Glibc.send(socket.raw, buffer.baseAddress, buffer.count - 1, Int32(MSG_NOSIGNAL))
        }
        guard sent >= 0 else { throw SystemCallError(call: "send", errno: errno, .socket(path)) }
    }

    /// Pixels are on glass.
    public func ready(status: String) throws(SystemCallError) { try send("READY=1\nSTATUS=\(status)") }
    /// A status line for `systemctl status`.
    public func status(_ text: String) throws(SystemCallError) { try send("STATUS=\(text)") }
    /// The frame loop is alive.
    public func watchdog() throws(SystemCallError) { try send("WATCHDOG=1") }
    /// Shutting down.
    public func stopping() throws(SystemCallError) { try send("STOPPING=1") }
}
