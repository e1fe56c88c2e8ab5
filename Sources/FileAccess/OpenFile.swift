import SystemCalls

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A regular file open for reading (`LocalFiles.openRegularFile`), closed when the last reference goes. Reads take an offset
/// (`pread`), so they neither move nor depend on the descriptor's own offset, which a streaming reader may use.
public final class OpenFile {
    private let file: OwnedDescriptor
    /// The descriptor's number, for a C reader that calls read(2) on it while this object is held.
    public var descriptor: Int32 { file.raw }
    /// The path it was opened by, for errors.
    public let path: String
    /// Its size when opened (`fstat`).
    public let byteCount: Int
    /// Which file this is, as it was when opened: a file replaced or written since is another.
    public let identity: FileIdentity

    init(_ file: OwnedDescriptor, path: String, byteCount: Int, identity: FileIdentity) {
        self.file = file
        self.path = path
        self.byteCount = byteCount
        self.identity = identity
    }

    /// How much a streaming reader takes per read: one call serves many of a decoder's small requests (headers,
    /// markers) and keeps its buffer small next to any image's rows.
    public static let chunkBytes = 64 << 10

    /// Up to `count` bytes from `offset`, fewer at the end of the file.
    public func read(count: Int, at offset: Int) throws(SystemCallError) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: count)
        var filled = 0
        while filled < count {
            let n = repeatWhileInterrupted {
                out.withUnsafeMutableBytes {
                    pread(descriptor, $0.baseAddress.map { $0 + filled }, count - filled, off_t(offset + filled))
                }
            }
            if n < 0 { throw SystemCallError(call: "pread", errno: errno, .file(path)) }
            if n == 0 { break }
            filled += n
        }
        return Array(out[0..<filled])
    }

    /// The whole file; refuses one larger than `maxBytes`, also when it grew past that since it was opened.
    public func readAll(maxBytes: Int = LocalFiles.defaultMaxBytes) throws(SystemCallError) -> [UInt8] {
        guard byteCount <= maxBytes else {
            throw SystemCallError(
                call: "size", refused: "file is \(byteCount) bytes, the limit is \(maxBytes)", .file(path))
        }
        var out: [UInt8] = []
        out.reserveCapacity(byteCount)
        let chunk = Self.chunkBytes
        while true {
            let piece = try read(count: chunk, at: out.count)
            out.append(contentsOf: piece)
            if out.count > maxBytes {
                throw SystemCallError(call: "size", refused: "file grew past \(maxBytes) bytes", .file(path))
            }
            if piece.count < chunk { return out }
        }
    }
}

/// A file as `fstat` tells it apart from another: its device and inode (a file renamed into place, as rsync and
/// Syncthing write, is a new inode), size and modification time (one rewritten in place).
public struct FileIdentity: Hashable, Sendable {
    public var device: UInt64
    public var inode: UInt64
    public var byteCount: Int
    public var modified: Duration

    public init(device: UInt64, inode: UInt64, byteCount: Int, modified: Duration) {
        self.device = device
        self.inode = inode
        self.byteCount = byteCount
        self.modified = modified
    }
}
