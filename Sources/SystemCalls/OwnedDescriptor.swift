#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A file descriptor this process owns: closed exactly once, when the last reference to it goes, on every path
/// (a reply never sent, a client gone, a queue stopped with results in it). Immutable, so it may cross threads.
public final class OwnedDescriptor: Sendable {
    private let raw: Int32

    /// Takes ownership of `raw`, an open descriptor no one else closes.
    public init(taking raw: Int32) {
        self.raw = raw
    }

    /// Calls `body` with the descriptor, open until `body` returns (a bare number read out and used later could
    /// outlive the last reference: an optimised build may release it as soon as the number is read).
    public func withRaw<Result, Failure: Error>(_ body: (Int32) throws(Failure) -> Result) throws(Failure) -> Result {
        defer { withExtendedLifetime(self) {} }
        return try body(raw)
    }

    /// A second descriptor for the same open file (dup(2)), owned as well.
    public func duplicate() throws(SystemCallError) -> OwnedDescriptor {
        let copy = dup(raw)
        guard copy >= 0 else { throw SystemCallError(call: "dup", errno: errno) }
        return OwnedDescriptor(taking: copy)
    }

    deinit {
        close(raw)  // not retried on EINTR: on Linux the descriptor is gone either way
    }
}
