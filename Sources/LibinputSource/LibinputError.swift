import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// A failed call into libinput or libudev: which call, the errno, and the seat or device it concerned.
public struct LibinputError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed.
    public var call: String
    /// The errno, 0 when the library reports failure without one (a NULL from `udev_new`).
    public var errno: Int32
    /// The seat (`seat0`) or device path.
    public var subject: String

    /// An error for `call` on `subject`.
    public init(call: String, errno: Int32, subject: String) {
        self.call = call
        self.errno = errno
        self.subject = subject
    }

    /// One line a user can act on.
    public var description: String {
        var line = "\(call) for \(subject) failed"
        if errno != 0 { line += ": \(errnoText(errno))" }
        if errno == EACCES || errno == EPERM { line += "; the user needs the input group" }
        return line
    }
}
