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

/// The C library's text for an errno code ("No such file or directory"); strerror_r, as strerror may share one
/// buffer between threads.
public func errnoText(_ code: Int32) -> String {
    var text = [CChar](repeating: 0, count: 256)
    guard strerror_r(code, &text, text.count) == 0 else { return "Unknown error \(code)" }
    return String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
}

/// An errno code as the messages of failed calls print it: with the symbolic name for the errors users meet and
/// look up ("No such file or directory (ENOENT)"), else with the number ("Cross-device link (errno 18)").
public func errnoMessage(_ code: Int32) -> String {
    let names: [Int32: String] = [
        EACCES: "EACCES", EPERM: "EPERM", EBUSY: "EBUSY", ENOENT: "ENOENT", ENOTDIR: "ENOTDIR", EISDIR: "EISDIR",
        EINVAL: "EINVAL", ENODEV: "ENODEV", ENOMEM: "ENOMEM", ENOSPC: "ENOSPC", EOPNOTSUPP: "EOPNOTSUPP",
        ETIMEDOUT: "ETIMEDOUT",
    ]
    return "\(errnoText(code)) (\(names[code] ?? "errno \(code)"))"
}

/// The process's environment (`environ`), by name; a name given twice has its first value, as getenv(3) reads it.
public func processEnvironment() -> [String: String] {
    var variables: [String: String] = [:]
    let start: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>? = environ
    guard var entry = start else { return variables }  // NULL after clearenv(3)
    while let text = entry.pointee {
        let pair = String(cString: text)
        if let equals = pair.firstIndex(of: "="), variables[String(pair[..<equals])] == nil {
            variables[String(pair[..<equals])] = String(pair[pair.index(after: equals)...])
        }
        entry += 1
    }
    return variables
}

/// Writes all of `bytes` to `fd` (write(2) may take less than asked, or be interrupted); the errno of a failure.
public func writeAll(_ bytes: [UInt8], to fd: Int32) -> Int32? {
    var offset = 0
    while offset < bytes.count {
        let n = repeatWhileInterrupted {
            bytes.withUnsafeBytes { write(fd, $0.baseAddress.map { $0 + offset }, $0.count - offset) }
        }
        guard n >= 0 else { return errno }
        offset += n
    }
    return nil
}
