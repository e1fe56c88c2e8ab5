import Testing

@testable import BannerContent

/// The `action` key of banners.toml: an argv array, checked where it is written.
@Suite struct ManifestActionTests {
    private func read(_ line: String) -> (Banner?, [ContentProblem]) {
        let text = "[[banner]]\ntitle = \"T\"\n" + line + "\n"
        let (banners, syntax, semantic) = ManifestReader.read(text, directory: "/c", path: "/c/banners.toml")
        return (banners.first, syntax + semantic)
    }

    @Test func anArgvArrayBecomesTheBannersAction() {
        let (banner, problems) = read(#"action = ["/usr/bin/show-offer", "--id", "spring sale", ""]"#)
        #expect(problems.isEmpty)
        #expect(banner?.action == ["/usr/bin/show-offer", "--id", "spring sale", ""])
    }

    @Test func withoutTheKeyThereIsNoAction() {
        #expect(read("").0?.action == nil)
    }

    @Test(arguments: [
        (#"action = "/usr/bin/foo arg""#, 3, 10, "action must be an array of strings"),
        ("action = []", 3, 10, "action must be an array of strings"),
        ("action = [1, 2]", 3, 11, "elements must be strings"),
        (#"action = ["foo", "arg"]"#, 3, 11, "absolute path"),
        (#"action = ["/bin/echo", "a\u0000b"]"#, 3, 24, "without NUL"),
    ])
    func badActionsAreProblemsAtTheirValue(line: String, row: Int, column: Int, message: String) {
        let (banner, problems) = read(line)
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.line == row && problems.first?.column == column, "\(problems)")
        #expect(problems.first?.message.contains(message) == true, "\(problems)")
        #expect(banner?.action == nil)
    }

    @Test func actionIsNoDefault() {
        let text = "[defaults]\naction = [\"/bin/true\"]\n[[banner]]\ntitle = \"T\"\n"
        let (_, _, problems) = ManifestReader.read(text, directory: "/c", path: "/c/banners.toml")
        #expect(problems.first?.message.contains("unknown key \"action\" in [defaults]") == true)
    }
}
