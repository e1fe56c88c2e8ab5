import FileAccess
import Glibc
import SystemCalls
import Testing

/// The file calls `bannerd` makes without Foundation, on a real file system.
@Suite struct LocalFilesTests {
    let disk = LocalFiles()

    private func temporaryDirectory() throws -> String {
        var template = Array("/tmp/bannerd-files-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        return try #require(made)
    }

    @Test func makeDirectoriesMakesEveryMissingParentAndAcceptsWhatIsThere() throws {
        let root = try temporaryDirectory()
        let deep = root + "/a/b//c/"
        #expect(!disk.exists(root + "/a"))
        try disk.makeDirectories(deep, permissions: 0o755)
        #expect(try disk.kind(of: root + "/a/b/c") == .directory)
        try disk.makeDirectories(deep, permissions: 0o755)  // there already: fine
        #expect(disk.exists(root + "/a/b"))
    }

    @Test func aFileInTheWayIsAnErrorNamingThePath() throws {
        let root = try temporaryDirectory()
        try disk.writeAtomically(Array("x".utf8), to: root + "/file")
        #expect(throws: SystemCallError(call: "mkdir", errno: ENOTDIR, .file(root + "/file"))) {
            try disk.makeDirectories(root + "/file", permissions: 0o755)
        }
        #expect(throws: SystemCallError(call: "mkdir", errno: ENOTDIR, .file(root + "/file/sub"))) {
            try disk.makeDirectories(root + "/file/sub", permissions: 0o755)
        }
    }

    @Test func theTemporariesAPowerCutLeftAreRemovedNotOursNorOthers() throws {
        let root = try temporaryDirectory()
        let path = root + "/bannerd.prom"
        let names = [
            "bannerd.prom", "bannerd.prom.tmp-274", "bannerd.prom.tmp-\(getpid())", "bannerd.prom.tmp-x",
            "other.prom.tmp-275", "bannerd.prom.tmp-",
        ]
        for name in names { try disk.writeAtomically(Array(name.utf8), to: root + "/" + name) }
        #expect(try disk.removeStaleTemporaries(of: path) == ["bannerd.prom.tmp-274"])
        #expect(Set(try disk.list(root)) == Set(names).subtracting(["bannerd.prom.tmp-274"]))
        #expect(try disk.removeStaleTemporaries(of: path).isEmpty)
        #expect(try disk.readText(path) == "bannerd.prom", "the file itself stays")
    }

    @Test func aDanglingLinkDoesNotExist() throws {
        let root = try temporaryDirectory()
        try #require(symlink(root + "/missing", root + "/link") == 0)
        #expect(!disk.exists(root + "/link"))
        #expect(disk.exists(root))
    }
}
