import EventLoop
import Foundation
import Glibc
import SystemCalls
import Testing

/// Real inotify in a temporary directory.
@Suite struct DirectoryWatcherTests {
    private func readable(_ fd: Int32) -> Bool {
        var entry = pollfd(fd: fd, events: Int16(POLLIN), revents: 0)
        return poll(&entry, 1, 1000) == 1
    }

    @Test func reportsCompletedWritesRenamesAndRemovalsButNotHiddenFiles() throws {
        let dir = NSTemporaryDirectory() + "bannerd-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let watcher = try DirectoryWatcher(path: dir)
        #expect(!watcher.takeChanges())
        // A hidden temporary file filling (Syncthing's, a CMS's) and rsync's hidden folder: read, but no change.
        try Data("png".utf8).write(to: URL(fileURLWithPath: dir + "/.a.png.tmp"))
        try FileManager.default.createDirectory(atPath: dir + "/.~tmp~", withIntermediateDirectories: false)
        #expect(readable(watcher.fileDescriptor))
        #expect(!watcher.takeChanges())
        #expect(!readable(watcher.fileDescriptor))
        try FileManager.default.moveItem(atPath: dir + "/.a.png.tmp", toPath: dir + "/a.png")
        #expect(readable(watcher.fileDescriptor))
        #expect(watcher.takeChanges())
        #expect(!watcher.takeChanges())
        try FileManager.default.removeItem(atPath: dir + "/a.png")
        #expect(readable(watcher.fileDescriptor) && watcher.takeChanges())
    }

    @Test func followsADirectoryThatIsReplaced() throws {
        let dir = NSTemporaryDirectory() + "bannerd-watch-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let watcher = try DirectoryWatcher(path: dir)
        let staged = dir + ".new"
        try FileManager.default.createDirectory(atPath: staged, withIntermediateDirectories: true)
        try FileManager.default.removeItem(atPath: dir)
        try FileManager.default.moveItem(atPath: staged, toPath: dir)
        #expect(readable(watcher.fileDescriptor) && watcher.takeChanges())
        try Data("x".utf8).write(to: URL(fileURLWithPath: dir + "/b.png"))
        #expect(readable(watcher.fileDescriptor) && watcher.takeChanges())
    }

    @Test func namesAMissingDirectory() {
        #expect(throws: SystemCallError(call: "inotify_add_watch(/nonexistent/content)", errno: ENOENT)) {
            _ = try DirectoryWatcher(path: "/nonexistent/content")
        }
    }
}
