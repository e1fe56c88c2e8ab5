import SystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Append-only logs of whole lines (the proof-of-play records): a reader never meets a line cut short.
extension LocalFiles {
    /// Appends `line` (ending in a newline) to `path`, created with `permissions` if missing, in one write(2) on an
    /// O_APPEND descriptor, and syncs it to the disk before returning, so a power cut loses at most the line
    /// being written. A file that does not end in a newline (a power cut mid-write, or a full disk) is cut back to
    /// its last whole line first; returns how many bytes that removed (0 normally).
    @discardableResult
    public func appendLine(_ line: [UInt8], to path: String, permissions: mode_t) throws(SystemCallError) -> Int {
        let fd = repeatWhileInterrupted { open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, permissions) }
        guard fd >= 0 else { throw SystemCallError(call: "open", errno: errno, .file(path)) }
        defer { close(fd) }
        let removed = try Self.cutToLastLine(fd, path: path)
        try Self.writeAll(line, to: fd, path: path)
        guard fdatasync(fd) == 0 else { throw SystemCallError(call: "fdatasync", errno: errno, .file(path)) }
        return removed
    }

    /// Creates the directory `path` with `permissions` unless it exists.
    public func makeDirectory(_ path: String, permissions: mode_t) throws(SystemCallError) {
        guard mkdir(path, permissions) == 0 || errno == EEXIST else {
            throw SystemCallError(call: "mkdir", errno: errno, .file(path))
        }
    }

    /// Creates the directory `path` and any missing parents, each with `permissions` (`mkdir -p`).
    public func makeDirectories(_ path: String, permissions: mode_t) throws(SystemCallError) {
        var parent = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            parent += component
            try makeDirectory(parent, permissions: permissions)
            parent += "/"
        }
        guard case .directory = try kind(of: path) else {
            throw SystemCallError(call: "mkdir", errno: ENOTDIR, .file(path))
        }
    }

    /// Removes the file `path`.
    public func remove(_ path: String) throws(SystemCallError) {
        guard unlink(path) == 0 else { throw SystemCallError(call: "unlink", errno: errno, .file(path)) }
    }

    /// Truncates an open file after its last newline when it does not end in one; the bytes removed.
    private static func cutToLastLine(_ fd: Int32, path: String) throws(SystemCallError) -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw SystemCallError(call: "fstat", errno: errno, .file(path)) }
        let size = Int(st.st_size)
        var end = size
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Backwards a chunk at a time to the last newline: a cut line is at most one record long.
        while end > 0 {
            let start = max(0, end - chunk.count)
            let n = repeatWhileInterrupted {
                chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end - start, off_t(start)) }
            }
            guard n >= 0 else { throw SystemCallError(call: "pread", errno: errno, .file(path)) }
            guard n == end - start else {
                throw SystemCallError(call: "pread", refused: "the file shrank while it was read", .file(path))
            }
            if let last = chunk[0..<n].lastIndex(of: UInt8(ascii: "\n")) {
                end = start + last + 1
                break
            }
            end = start
        }
        guard end < size else { return 0 }
        guard repeatWhileInterrupted({ ftruncate(fd, off_t(end)) }) == 0 else {
            throw SystemCallError(call: "ftruncate", errno: errno, .file(path))
        }
        return size - end
    }
}
