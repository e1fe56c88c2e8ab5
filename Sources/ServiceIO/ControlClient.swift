import Glibc
import SystemCalls

/// `bannerd ctl`: sends one command line to the control socket and returns the answer line.
public enum ControlClient {
    /// How long `ctl` waits for an answer. The loop answers between frames, but a small board under load may take
    /// seconds (2 s was too short on the QEMU board beside a build and another guest).
    public static let answerTimeout: Duration = .seconds(10)
    /// A screenshot is composed on a thread of its own beside the frame loop: longer on a slow board.
    public static let screenshotTimeout: Duration = .seconds(30)

    /// Sends `command` and waits up to `timeout` for the reply line.
    public static func send(_ command: String, to path: String, timeout: Duration = answerTimeout)
        throws(SystemCallError) -> String
    {
        try exchange(command, with: path, timeout: timeout).line
    }

    /// Sends `command` and waits up to `timeout` for the reply line and the descriptor passed with it, if any.
    public static func exchange(_ command: String, with path: String, timeout: Duration = answerTimeout)
        throws(SystemCallError) -> ControlReply
    {
        let fd = socket(AF_UNIX, Int32(SOCK_STREAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw SystemCallError(call: "socket", errno: errno, .socket(path)) }
        defer { close(fd) }
        var limit = timeval(tv_sec: Int(timeout.components.seconds), tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_RCVTIMEO, &limit, socklen_t(MemoryLayout<timeval>.size))
        guard try withUnixAddress(path, { connect(fd, $0, $1) }) == 0 else {
            throw SystemCallError(call: "connect", errno: errno, .socket(path))
        }
        let request = Array((command + "\n").utf8)
        guard
            request.withUnsafeBytes({ Glibc.send(fd, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }) == request.count
        else { throw SystemCallError(call: "send", errno: errno, .socket(path)) }
        var reply: [UInt8] = []
        var passed: OwnedDescriptor?
        var chunk = [UInt8](repeating: 0, count: 4096)
        while !reply.contains(UInt8(ascii: "\n")) {
            let (count, descriptor) = DescriptorPassing.receive(into: &chunk, on: fd)
            if passed == nil { passed = descriptor }  // a second one closes here
            guard count > 0 else {
                // SO_RCVTIMEO ran out: say so, not "Resource temporarily unavailable".
                if count < 0, errno == EAGAIN || errno == EWOULDBLOCK {
                    throw SystemCallError(
                        call: "recvmsg", refused: "no answer in \(timeout.components.seconds) s", .socket(path))
                }
                if count < 0 { throw SystemCallError(call: "recvmsg", errno: errno, .socket(path)) }
                break
            }
            reply += chunk[0..<count]
        }
        return ControlReply(String(decoding: reply.prefix { $0 != UInt8(ascii: "\n") }, as: UTF8.self), passing: passed)
    }
}
