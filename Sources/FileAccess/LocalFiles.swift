import SystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What a path names.
public enum FileKind: Equatable, Sendable {
    case regular(byteCount: Int)
    case directory
    case other
}

/// Reads files and lists directories with POSIX calls (open/fstat/read/opendir), the only file access bannerd's
/// content and image code needs. Each call retries EINTR; every failure is a `SystemCallError` naming the call.
public struct LocalFiles: Sendable {
    /// Access to the local file system.
    public init() {}

    /// What `path` names, following symlinks (`stat`).
    public func kind(of path: String) throws(SystemCallError) -> FileKind {
        var st = stat()
        guard stat(path, &st) == 0 else { throw SystemCallError(call: "stat", errno: errno, .file(path)) }
        return Self.kind(st)
    }

    /// Whether `path` names anything, following symlinks (a dangling link does not count).
    public func exists(_ path: String) -> Bool {
        (try? kind(of: path)) != nil
    }

    /// Opens a regular file for reading (`open`, `fstat`); refuses directories, FIFOs, sockets and devices.
    public func openRegularFile(_ path: String) throws(SystemCallError) -> OpenFile {
        // O_NONBLOCK: a FIFO named like an image must not hang the player; it is refused below.
        let file = try OwnedDescriptor.open(.file(path), flags: O_RDONLY | O_NONBLOCK)
        defer { withExtendedLifetime(file) {} }  // open for every call below, on every path
        var st = stat()
        guard fstat(file.raw, &st) == 0 else { throw SystemCallError(call: "fstat", errno: errno, .file(path)) }
        switch Self.kind(st) {
        case .regular(let n):
            let modified = Duration.seconds(st.st_mtim.tv_sec) + .nanoseconds(st.st_mtim.tv_nsec)
            let identity = FileIdentity(
                device: UInt64(st.st_dev), inode: UInt64(st.st_ino), byteCount: n, modified: modified)
            return OpenFile(file, path: path, byteCount: n, identity: identity)
        case .directory:
            throw SystemCallError(call: "read", errno: EISDIR, .file(path))
        case .other:
            throw SystemCallError(
                call: "fstat", refused: "not a regular file (a FIFO, socket or device)", .file(path))
        }
    }

    /// The largest file `readBytes` and `OpenFile.readAll` read unless told otherwise.
    public static let defaultMaxBytes = 256 << 20

    /// The whole file's bytes; refuses directories and files larger than `maxBytes` before reading them.
    public func readBytes(_ path: String, maxBytes: Int = defaultMaxBytes) throws(SystemCallError) -> [UInt8] {
        try openRegularFile(path).readAll(maxBytes: maxBytes)
    }

    /// The file's text, UTF-8 (invalid sequences replaced).
    public func readText(_ path: String, maxBytes: Int = 4 << 20) throws(SystemCallError) -> String {
        String(decoding: try readBytes(path, maxBytes: maxBytes), as: UTF8.self)
    }

    /// The names in a directory, without "." and "..", in no particular order (`opendir`/`readdir`).
    public func list(_ path: String) throws(SystemCallError) -> [String] {
        guard let dir = opendir(path) else { throw SystemCallError(call: "opendir", errno: errno, .file(path)) }
        defer { closedir(dir) }
        var names: [String] = []
        while let entry = readdir(dir) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { raw in
                String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    /// Writes `bytes` to `path` atomically: a temporary file in the same directory, then `rename`, so a
    /// reader never sees a half-written file. With `permissions`, the file gets exactly those, whatever the umask
    /// (a service's `UMask=0077` would hide a file meant for another user's reader).
    public func writeAtomically(_ bytes: [UInt8], to path: String, permissions: mode_t? = nil) throws(SystemCallError) {
        let tmp = Self.temporary(of: path, process: getpid())
        let fd = repeatWhileInterrupted { open(tmp, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644) }
        guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno, .file(tmp)) }
        if let permissions, fchmod(fd, permissions) != 0 {
            let e = errno
            close(fd)
            unlink(tmp)
            throw SystemCallError(call: "fchmod", errno: e, .file(tmp))
        }
        do {
            try Self.writeAll(bytes, to: fd, path: tmp)
        } catch {
            close(fd)
            unlink(tmp)
            throw error
        }
        guard close(fd) == 0 else {
            let e = errno
            unlink(tmp)
            throw SystemCallError(call: "close", errno: e, .file(tmp))
        }
        guard rename(tmp, path) == 0 else {
            let e = errno
            unlink(tmp)
            throw SystemCallError(call: "rename", errno: e, .file(path))
        }
    }

    /// Where `writeAtomically` writes `path` before its rename: beside it, named for the writing process.
    static func temporary(of path: String, process: pid_t) -> String { path + temporarySuffix + String(process) }
    private static let temporarySuffix = ".tmp-"

    /// Removes the temporary files other processes' `writeAtomically` left beside `path`: a power cut between a
    /// write and its rename leaves one, and every cut would add another. The names removed.
    @discardableResult
    public func removeStaleTemporaries(of path: String) throws(SystemCallError) -> [String] {
        let slash = path.lastIndex(of: "/")
        let directory = slash.map { String(path[..<$0]) } ?? "."
        let prefix = String(slash.map { path[path.index(after: $0)...] } ?? path[...]) + Self.temporarySuffix
        let own = prefix + String(getpid())
        var removed: [String] = []
        for name in try list(directory.isEmpty ? "/" : directory) where name.hasPrefix(prefix) && name != own {
            guard let process = pid_t(name.dropFirst(prefix.count)), process > 0 else { continue }
            try remove(directory + "/" + name)
            removed.append(name)
        }
        return removed
    }

    /// Writes all of `bytes` to `fd` (write(2) may take less than asked); `path` names it in the error.
    static func writeAll(_ bytes: [UInt8], to fd: Int32, path: String) throws(SystemCallError) {
        if let failure = SystemCalls.writeAll(bytes, to: fd) {
            throw SystemCallError(call: "write", errno: failure, .file(path))
        }
    }

    private static func kind(_ st: stat) -> FileKind {
        switch st.st_mode & S_IFMT {
        case S_IFREG: return .regular(byteCount: Int(st.st_size))
        case S_IFDIR: return .directory
        default: return .other
        }
    }
}
