/// A failed system or C library call, with its errno (or, for calls that return it, their error number).
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    public let call: String
    public let errno: Int32

    public init(call: String, errno: Int32) {
        self.call = call
        self.errno = errno
    }

    public var description: String { "\(call) failed: \(errnoMessage(errno))" }
}
