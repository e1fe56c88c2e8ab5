#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file descriptor this process owns: closed exactly once, when the last reference to it goes, on every path
/// (a reply never sent, a client gone, a queue stopped with results in it). Immutable, so it may cross threads.
public final class OwnedDescriptor: Sendable {
    private let number: Int32

    /// Takes ownership of `raw`, an open descriptor no one else closes.
    public init(taking raw: Int32) {
        number = raw
    }

    /// Opens `subject`'s path with `flags` (O_CLOEXEC added: a tap action's program must not inherit it), retrying
    /// EINTR; the error names the subject.
    public static func open(_ subject: SystemCallError.Subject, flags: Int32, mode: mode_t = 0) throws(SystemCallError)
        -> OwnedDescriptor
    {
        let fd = repeatWhileInterrupted { openFile(subject.name, flags | O_CLOEXEC, mode) }
        guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno, subject) }
        return OwnedDescriptor(taking: fd)
    }

    /// The number, for a C call made while this object is certainly alive: through a stored property of its holder,
    /// in the holder's own method (whose `self` lives for the call) or in a call that is passed the holder. A
    /// reference held only in a local variable goes through `withRaw`.
    public var raw: Int32 { number }

    /// Calls `body` with the descriptor, open until `body` returns (a bare number read out and used later could
    /// outlive the last reference: an optimised build may release it as soon as the number is read).
    public func withRaw<Result, Failure: Error>(_ body: (Int32) throws(Failure) -> Result) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(number)
    }

    /// A second descriptor for the same open file, owned as well, and closed on exec like every other.
    public func duplicate() throws(SystemCallError) -> OwnedDescriptor {
        let copy = fcntl(number, F_DUPFD_CLOEXEC, 0)
        guard copy >= 0 else { throw SystemCallError(call: "fcntl(F_DUPFD_CLOEXEC)", errno: errno) }
        return OwnedDescriptor(taking: copy)
    }

    deinit {
        close(number)  // not retried on EINTR: on Linux the descriptor is gone either way
    }
}

/// open(2), by a name the static `open` above does not shadow.
private func openFile(_ path: String, _ flags: Int32, _ mode: mode_t) -> Int32 {
    open(path, flags, mode)
}
