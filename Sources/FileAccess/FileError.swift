import SystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed file-system call: which C call, its errno, and the path, with a one-line description a user can act on.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed (`open`, `read`, `fstat`, `opendir`), or a check of ours (`size`).
    public let call: String
    /// The errno the call left, or 0 for our own checks.
    public let errno: Int32
    /// The file or directory concerned.
    public let path: String
    /// Extra words for our own checks (e.g. the size limit); empty for errno failures.
    public let detail: String

    /// An error for `call` failing on `path`.
    public init(call: String, errno: Int32, path: String, detail: String = "") {
        self.call = call
        self.errno = errno
        self.path = path
        self.detail = detail
    }

    /// The C library's text for `errno` (`strerror`), or `detail` for our own checks.
    public var message: String { errno == 0 ? detail : errnoText(errno) }

    /// True when the path does not exist (ENOENT or ENOTDIR on the way).
    public var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }

    public var description: String { "\(path): \(reason)" }

    /// The description without the leading path: the failed call, its message and what to check.
    public var reason: String {
        let hint: String
        switch errno {
        case ENOENT: hint = "check the path"
        case EACCES, EPERM: hint = "check the file's permissions for the bannerd user"
        case EISDIR: hint = "name a file, not a directory"
        case ENOTDIR: hint = "name a directory"
        default: hint = ""
        }
        let tail = hint.isEmpty ? "" : " (\(hint))"
        return "\(call) failed: \(message)\(tail)"
    }
}
