import SystemCalls

/// A failed system call of the event loop (poll, eventfd, signalfd, sigprocmask), with its errno.
public struct EventLoopError: Error, Equatable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed: \(errnoMessage(errno))" }
}
