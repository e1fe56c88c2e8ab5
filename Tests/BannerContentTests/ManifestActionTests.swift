import Testing

@testable import BannerContent

/// The `action` key of banners.toml: the name of one of the admin's `[actions]`, with parameters for its
/// environment; never a program of the content's choosing.
@Suite struct ManifestActionTests {
    private func read(_ lines: String, actions: Set<String> = ["show-offer", "open_map"]) -> (Banner?, [ContentProblem])
    {
        let text = "[[banner]]\nid = \"sale\"\ntitle = \"T\"\n" + lines + "\n"
        let (banners, syntax, semantic) = ManifestReader.read(
            text, directory: "/c", path: "/c/banners.toml", actions: actions)
        return (banners.first, syntax + semantic)
    }

    @Test func aKnownNameBecomesTheBannersAction() {
        let (banner, problems) = read(#"action = "show-offer""#)
        #expect(problems.isEmpty, "\(problems)")
        #expect(banner?.action == BannerAction(name: "show-offer"))
    }

    @Test(arguments: [
        #"parameters = { offer = "spring sale", SKU_2 = "", note = "--rm -rf /" }"#,
        "[banner.parameters]\noffer = \"spring sale\"\nSKU_2 = \"\"\nnote = \"--rm -rf /\"",
        "parameters.offer = \"spring sale\"\nparameters.SKU_2 = \"\"\nparameters.note = \"--rm -rf /\"",
    ])
    func parametersInEveryTOMLFormKeepTheirOrder(written: String) {
        // The action line first for the inline and dotted forms; a [banner.parameters] table comes last.
        let (banner, problems) = read(#"action = "open_map""# + "\n" + written)
        #expect(problems.isEmpty, "\(problems)")
        #expect(
            banner?.action
                == BannerAction(
                    name: "open_map",
                    parameters: [
                        .init(name: "offer", value: "spring sale"), .init(name: "SKU_2", value: ""),
                        .init(name: "note", value: "--rm -rf /"),
                    ]))
    }

    @Test func withoutTheKeyThereIsNoAction() {
        #expect(read("").0?.action == nil)
    }

    @Test func theOldArgvFormIsRefusedWithTheLineToMoveIntoBannerdToml() {
        let (banner, problems) = read(#"action = ["/usr/local/bin/show-offer", "--id", "spring \"A\""]"#)
        #expect(banner?.action == nil && banner?.title == "T")
        #expect(problems.count == 1 && problems.first?.line == 4 && problems.first?.column == 10, "\(problems)")
        let message = problems.first?.message ?? ""
        #expect(message.contains("/etc/bannerd/bannerd.toml"), "\(message)")
        #expect(
            message.contains(#"[actions] sale = ["/usr/local/bin/show-offer", "--id", "spring \"A\""]"#), "\(message)")
        #expect(message.contains(#"write action = "sale" here"#), "\(message)")
    }

    @Test(arguments: [
        (
            #"action = "rm-everything""#, [String](), 4, 10,
            #"action "rm-everything" is not in bannerd.toml's [actions] (it has open_map, show-offer)"#
        ),
        (#"action = "show-offer""#, ["x"], 4, 10, "(it has x)"),
        (#"action = """#, ["x"], 4, 10, #"action "" is not in"#),
        ("action = 1", [String](), 4, 10, "action must be the quoted name"),
        (#"parameters = { a = "b" }"#, [String](), 4, 14, "parameters without an action"),
    ])
    func badActionsAreProblemsAtTheirValue(line: String, actions: [String], row: Int, column: Int, message: String) {
        let (banner, problems) = read(line, actions: actions.isEmpty ? ["show-offer", "open_map"] : Set(actions))
        #expect(problems.count == 1, "\(problems)")
        #expect(problems.first?.line == row && problems.first?.column == column, "\(problems)")
        #expect(problems.first?.message.contains(message) == true, "\(problems)")
        #expect(banner?.action == nil && banner != nil)
    }

    /// Kept out of the attribute: Swift 6.0.3 (Debian trixie's) crashes on interpolated strings inside it.
    static let badParameters: [(String, String)] = [
        (#"parameters = "offer=1""#, "parameters must be a table of strings"),
        ("parameters = { offer = 1 }", "parameter offer must be a string"),
        (#"parameters = { "with space" = "x" }"#, #"parameter "with space": names are letters"#),
        (#"parameters = { 9lives = "x" }"#, "parameter 9lives: names are letters"),
        (#"parameters = { offer = "a", OFFER = "b" }"#, "distinct regardless of case"),
        (#"parameters = { offer = "a\u0000b" }"#, "without NUL"),
        ("parameters = { offer = \"\(String(repeating: "x", count: 4097))\" }", "at most 4096 bytes"),
        (
            "parameters = { " + (0...16).map { "p\($0) = \"\"" }.joined(separator: ", ") + " }",
            "more than 16 parameters"
        ),
    ]

    @Test(arguments: badParameters)
    func badParametersAreProblemsAndTheActionRunsWithout(line: String, message: String) {
        let (banner, problems) = read(#"action = "show-offer""# + "\n" + line)
        #expect(problems.count == 1 && problems.first?.line == 5, "\(problems)")
        #expect(problems.first?.message.contains(message) == true, "\(problems)")
        #expect(banner?.action == BannerAction(name: "show-offer"))
    }

    @Test func aParametersTableNeedsItsBannerAndComesOnce() {
        let twice = read("action = \"show-offer\"\nparameters = { a = \"1\" }\n[banner.parameters]\nb = \"2\"").1
        #expect(twice.count == 1 && twice.first?.line == 6, "\(twice)")
        let text = "[defaults]\nduration = 5\n[banner.parameters]\na = \"1\"\n[[banner]]\ntitle = \"T\"\n"
        let (_, syntax, _) = ManifestReader.read(text, directory: "/c", path: "/c/banners.toml")
        #expect(syntax.first?.message.contains("must follow the [[banner]] it belongs to") == true, "\(syntax)")
    }

    @Test func actionIsNoDefault() {
        let text = "[defaults]\naction = \"show-offer\"\n[[banner]]\ntitle = \"T\"\n"
        let (_, _, problems) = ManifestReader.read(
            text, directory: "/c", path: "/c/banners.toml", actions: ["show-offer"])
        #expect(problems.first?.message.contains("unknown key \"action\" in [defaults]") == true)
    }
}
