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
    public func appendLine(_ line: [UInt8], to path: String, permissions: mode_t) throws(FileError) -> Int {
        let fd = repeatWhileInterrupted { open(path, O_RDWR | O_APPEND | O_CREAT | O_CLOEXEC, permissions) }
        guard fd >= 0 else { throw FileError(call: "open", errno: errno, path: path) }
        defer { close(fd) }
        let removed = try Self.cutToLastLine(fd, path: path)
        try Self.writeAll(line, to: fd, path: path)
        guard fdatasync(fd) == 0 else { throw FileError(call: "fdatasync", errno: errno, path: path) }
        return removed
    }

    /// Creates the directory `path` with `permissions` unless it exists.
    public func makeDirectory(_ path: String, permissions: mode_t) throws(FileError) {
        guard mkdir(path, permissions) == 0 || errno == EEXIST else {
            throw FileError(call: "mkdir", errno: errno, path: path)
        }
    }

    /// Creates the directory `path` and any missing parents, each with `permissions` (`mkdir -p`).
    public func makeDirectories(_ path: String, permissions: mode_t) throws(FileError) {
        var parent = path.hasPrefix("/") ? "/" : ""
        for component in path.split(separator: "/") {
            parent += component
            try makeDirectory(parent, permissions: permissions)
            parent += "/"
        }
        guard case .directory = try kind(of: path) else { throw FileError(call: "mkdir", errno: ENOTDIR, path: path) }
    }

    /// Removes the file `path`.
    public func remove(_ path: String) throws(FileError) {
        guard unlink(path) == 0 else { throw FileError(call: "unlink", errno: errno, path: path) }
    }

    /// Truncates an open file after its last newline when it does not end in one; the bytes removed.
    private static func cutToLastLine(_ fd: Int32, path: String) throws(FileError) -> Int {
        var st = stat()
        guard fstat(fd, &st) == 0 else { throw FileError(call: "fstat", errno: errno, path: path) }
        let size = Int(st.st_size)
        var end = size
        var chunk = [UInt8](repeating: 0, count: 4096)
        // Backwards a chunk at a time to the last newline: a cut line is at most one record long.
        while end > 0 {
            let start = max(0, end - chunk.count)
            let n = repeatWhileInterrupted {
                chunk.withUnsafeMutableBytes { pread(fd, $0.baseAddress, end - start, off_t(start)) }
            }
            guard n == end - start else { throw FileError(call: "pread", errno: n < 0 ? errno : EIO, path: path) }
            if let last = chunk[0..<n].lastIndex(of: UInt8(ascii: "\n")) {
                end = start + last + 1
                break
            }
            end = start
        }
        guard end < size else { return 0 }
        guard repeatWhileInterrupted({ ftruncate(fd, off_t(end)) }) == 0 else {
            throw FileError(call: "ftruncate", errno: errno, path: path)
        }
        return size - end
    }
}
