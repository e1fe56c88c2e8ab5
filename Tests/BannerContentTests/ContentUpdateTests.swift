import FileAccess
import Glibc
import Testing

@testable import BannerContent

/// The reload decision on real content directories: a broken update keeps the last good banners.
@Suite struct ContentUpdateTests {
    let files = LocalFiles()

    private func write(_ text: String, to dir: String) throws {
        try files.writeAtomically(Array(text.utf8), to: dir + "/banners.toml")
    }

    private func decide(_ dir: String, showing: BannerList) -> ContentUpdate {
        ContentUpdate.decide(loaded: ContentLoader().load(directory: dir), showing: showing)
    }

    private let shown: BannerList = [Banner(id: "a", title: "A"), Banner(id: "b", title: "B")]

    @Test func aGoodUpdateSwapsIn() throws {
        let dir = ContentLoaderTests.scratch()
        try write("[[banner]]\nid = \"x\"\ntitle = \"X\"\n", to: dir)
        #expect(decide(dir, showing: shown) == .replace(banners: [Banner(id: "x", title: "X")], skipped: []))
    }

    @Test func aSyntaxErrorAfterAGoodManifestKeepsTheOldBanners() throws {
        let dir = ContentLoaderTests.scratch()
        // Half a file, as a CMS writing in place leaves it: the first banner parses, the second does not.
        try write("[[banner]]\nid = \"x\"\ntitle = \"X\"\n\n[[banner]]\nid = \"y\n", to: dir)
        guard case .keep(let reason) = decide(dir, showing: shown) else {
            Issue.record("a broken manifest replaced the banners on screen")
            return
        }
        #expect(reason.contains("keeping the 2 banner(s) shown"))
    }

    @Test func anUnreadableManifestKeepsTheOldBanners() throws {
        let dir = ContentLoaderTests.scratch()
        #expect(mkdir(dir + "/banners.toml", 0o755) == 0)
        if case .replace = decide(dir, showing: shown) { Issue.record("undecodable manifest swapped in") }
    }

    @Test func bannersLeftWithNothingToShowAreSkippedAndTheRestSwapIn() throws {
        let dir = ContentLoaderTests.scratch()
        try ContentLoaderTests.png(dir + "/here.png")
        try write(
            """
            [[banner]]
            id = "gone"
            image = "gone.png"

            [[banner]]
            id = "here"
            image = "here.png"

            [[banner]]
            id = "text"
            title = "Only text"

            [[banner]]
            id = "titled"
            title = "Its image is gone, its title stays"
            image = "gone-too.png"
            """, to: dir)
        guard case .replace(let banners, let skipped) = decide(dir, showing: shown) else {
            Issue.record("valid banners were not swapped in")
            return
        }
        #expect(banners.map(\.id) == ["here", "text", "titled"])
        #expect(skipped == ["gone"])
    }

    @Test func anUpdateWithNothingValidKeepsTheOldBanners() throws {
        let dir = ContentLoaderTests.scratch()
        try write("[[banner]]\nid = \"gone\"\nimage = \"gone.png\"\n", to: dir)
        guard case .keep(let reason) = decide(dir, showing: shown) else {
            Issue.record("an update without a valid banner replaced the banners on screen")
            return
        }
        #expect(reason.contains("no valid banner"))
    }

    @Test func atStartWhateverCouldBeReadIsShown() throws {
        let dir = ContentLoaderTests.scratch()
        try write("[[banner]]\nid = \"x\"\ntitle = \"X\"\n\n[[banner]]\nid = \"y\n", to: dir)
        guard case .replace(let banners, _) = decide(dir, showing: []) else {
            Issue.record("nothing on screen yet, yet the readable banner was not shown")
            return
        }
        #expect(banners.first?.id == "x")
    }
}
