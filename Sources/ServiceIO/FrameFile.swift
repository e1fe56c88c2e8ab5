import CLinuxMemfd
import Glibc
import Raster
import SystemCalls

/// A frame's pixels in an anonymous memory file (memfd): how a screenshot crosses the control socket. Passing a
/// descriptor keeps the socket's replies one short line, so a large write can never hold up the frame loop, and
/// the file is written by the client: the service itself may write nowhere outside its state directory.
public final class FrameFile {
    private static let name = "bannerd-screenshot"

    /// The memory file (pass a `duplicate()` of it).
    public let descriptor: OwnedDescriptor
    /// The file's pixels, mapped: rows tightly packed (width × bytes per pixel each).
    public let buffer: PixelBuffer
    private let length: Int

    /// A zeroed memory file for a `width × height` frame in `format`, mapped for drawing into.
    public init(width: Int, height: Int, format: PixelFormat) throws(SystemCallError) {
        let fd = memfd_create(Self.name, UInt32(MFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "memfd_create", errno: errno, .file(Self.name)) }
        descriptor = OwnedDescriptor(taking: fd)
        let stride = width * format.bytesPerPixel
        length = max(1, stride * height)
        guard ftruncate(fd, off_t(length)) == 0 else {
            throw SystemCallError(call: "ftruncate", errno: errno, .file(Self.name))
        }
        let mapped = try Self.map(fd, length: length, writable: true)
        buffer = PixelBuffer(base: mapped, width: width, height: height, stride: stride, format: format)
    }

    deinit {
        munmap(buffer.base, length)
    }

    /// The frame in `file` (as a `FrameFile` holds it) copied into owned memory; the file stays open.
    public static func read(_ file: OwnedDescriptor, width: Int, height: Int, format: PixelFormat)
        throws(SystemCallError) -> PixelBufferStorage
    {
        try file.withRaw { descriptor throws(SystemCallError) in
            try read(descriptor, width: width, height: height, format: format)
        }
    }

    private static func read(_ descriptor: Int32, width: Int, height: Int, format: PixelFormat)
        throws(SystemCallError) -> PixelBufferStorage
    {
        let storage = PixelBufferStorage(width: width, height: height, format: format)
        let length = storage.buffer.stride * height
        var info = stat()
        guard fstat(descriptor, &info) == 0 else { throw SystemCallError(call: "fstat", errno: errno, .file(name)) }
        // A file shorter than its reply says would fault when mapped (SIGBUS), not fail.
        guard info.st_size >= length else {
            throw SystemCallError(call: "fstat", refused: "the file is shorter than its frame", .file(name))
        }
        guard length > 0 else { return storage }
        let mapped = try map(descriptor, length: length, writable: false)
        storage.buffer.base.copyMemory(from: mapped, byteCount: length)
        munmap(mapped, length)
        return storage
    }

    private static func map(_ fd: Int32, length: Int, writable: Bool) throws(SystemCallError) -> UnsafeMutableRawPointer
    {
        // Populated at once: one kernel call instead of a page fault every 4 KiB while the frame is drawn.
        let address = mmap(
            nil, length, writable ? PROT_READ | PROT_WRITE : PROT_READ,
            (writable ? MAP_SHARED : MAP_PRIVATE) | MAP_POPULATE, fd, 0)
        guard let address, address != UnsafeMutableRawPointer(bitPattern: -1) else {
            throw SystemCallError(call: "mmap", errno: errno, .file(name))
        }
        return address
    }
}
