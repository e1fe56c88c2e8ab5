import CLinuxEvents
import Glibc
import SystemCalls

/// Tells the loop when files in a directory were written, moved in or removed (inotify), so new content shows up
/// without a restart. Only completed writes count (IN_CLOSE_WRITE, IN_MOVED_TO): a file still being written is
/// not reported until it is closed, and a CMS that writes a temporary file and renames it is reported once.
/// Hidden files (a name starting with a dot) are never shown, so their changes are not reported.
public final class DirectoryWatcher {
    public let path: String
    private let descriptor: OwnedDescriptor
    /// The descriptor's number, for the poll set.
    public var fileDescriptor: Int32 { descriptor.raw }
    private var watch: Int32

    private static let mask =
        UInt32(IN_CLOSE_WRITE | IN_MOVED_TO | IN_MOVED_FROM | IN_DELETE | IN_CREATE)
        | UInt32(IN_DELETE_SELF | IN_MOVE_SELF)

    public init(path: String) throws(SystemCallError) {
        let fd = inotify_init1(Int32(IN_NONBLOCK | IN_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "inotify_init1", errno: errno) }
        let descriptor = OwnedDescriptor(taking: fd)
        defer { withExtendedLifetime(descriptor) {} }  // open for every call below, on every path
        let watch = inotify_add_watch(fd, path, Self.mask)
        guard watch >= 0 else { throw SystemCallError(call: "inotify_add_watch(\(path))", errno: errno) }
        self.path = path
        self.descriptor = descriptor
        self.watch = watch
    }

    /// Reads the queued events; true when any of them changed the directory's contents. When the directory
    /// itself was replaced (moved or deleted and created again), the watch follows the new one if it exists.
    public func takeChanges() -> Bool {
        var changed = false
        var buffer = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(fileDescriptor, $0.baseAddress, $0.count) }
            guard count > 0 else { break }
            var offset = 0
            while offset + MemoryLayout<inotify_event>.size <= count {
                let event = buffer.withUnsafeBytes {
                    $0.loadUnaligned(fromByteOffset: offset, as: inotify_event.self)
                }
                // The directory was moved away (the watch would follow it), or deleted (the kernel drops the
                // watch: IN_IGNORED). Only events of the current watch count, so the IN_IGNORED that our own
                // removal of a moved watch produces does not start another round.
                if event.wd == watch, event.mask & UInt32(IN_MOVE_SELF | IN_IGNORED) != 0 { rewatch() }
                // Hidden files are never shown: their changes (rsync's .~tmp~ folder, Syncthing's
                // .syncthing.*.tmp files while they fill) start no reload; their rename into place does.
                let nameStart = offset + MemoryLayout<inotify_event>.size
                let hidden = event.len > 0 && nameStart < count && buffer[nameStart] == UInt8(ascii: ".")
                if !hidden { changed = true }
                offset += MemoryLayout<inotify_event>.size + Int(event.len)
            }
        }
        return changed
    }

    private func rewatch() {
        inotify_rm_watch(fileDescriptor, watch)  // fails harmlessly when the kernel already dropped it
        watch = inotify_add_watch(fileDescriptor, path, Self.mask)
    }
}
