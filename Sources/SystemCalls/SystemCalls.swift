import SystemPackage

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Calls `call` again for as long as it fails with EINTR, and returns its last result.
///
/// A signal arriving while a call waits makes it fail with EINTR having done nothing (unless the handler has
/// SA_RESTART); the caller still wants the call. For calls that return a negative value and set errno on failure:
/// errno is left as the last call set it. Not for close(2): on Linux the descriptor is gone even after EINTR.
@inlinable
public func repeatWhileInterrupted<Value: BinaryInteger>(_ call: () -> Value) -> Value {
    while true {
        let result = call()
        if result >= 0 || errno != EINTR { return result }
    }
}

/// The C library's text for an errno code ("No such file or directory"), through swift-system's `Errno`.
public func errnoText(_ code: Int32) -> String {
    Errno(rawValue: code).description
}

/// An errno code as the messages of failed calls print it: "No such file or directory (errno 2)".
public func errnoMessage(_ code: Int32) -> String {
    "\(errnoText(code)) (errno \(code))"
}
