import FileAccess
import Foundation
import Testing

@Suite struct ServiceUserTests {
    let user = ServiceUser(name: "bannerd", uid: 990, groups: [990, 44])

    @Test func theKernelsRuleOwnerThenGroupThenOthers() {
        #expect(user.allows((owner: 990, group: 0, mode: 0o400), bit: 0o4))
        #expect(!user.allows((owner: 990, group: 990, mode: 0o040), bit: 0o4))  // the owner's bits decide alone
        #expect(user.allows((owner: 0, group: 44, mode: 0o640), bit: 0o4))  // video, a supplementary group
        #expect(!user.allows((owner: 0, group: 44, mode: 0o604), bit: 0o4))  // a member gets the group's bits
        #expect(user.allows((owner: 0, group: 0, mode: 0o644), bit: 0o4))
        #expect(!user.allows((owner: 0, group: 0, mode: 0o640), bit: 0o4))
        #expect(!user.allows((owner: 0, group: 0, mode: 0o644), bit: 0o1))
        #expect(ServiceUser(name: "root", uid: 0, groups: [0]).allows((owner: 5, group: 5, mode: 0), bit: 0o4))
    }

    @Test func realFilesAsAnotherUserSeesThem() throws {
        let nobody = try #require(ServiceUser.lookUp("nobody"))
        #expect(ServiceUser.lookUp("no-such-user-here") == nil)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("service-user-\(getpid())").path
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: dir) }
        let file = dir + "/a.png"
        #expect(FileManager.default.createFile(atPath: file, contents: Data([1])))
        // Owned by whoever runs the test (not nobody): readable to others only through the others' bits.
        chmod(dir, 0o755)
        chmod(file, 0o644)
        #expect(nobody.readProblem(file) == nil)
        chmod(file, 0o600)
        #expect(nobody.readProblem(file)?.hasPrefix("nobody cannot read it (owner ") == true)
        #expect(nobody.readProblem(file)?.hasSuffix("mode 600)") == true)
        chmod(file, 0o644)
        chmod(dir, 0o700)
        #expect(nobody.readProblem(file)?.hasPrefix("nobody cannot open folder \(dir) (") == true)
    }
}
