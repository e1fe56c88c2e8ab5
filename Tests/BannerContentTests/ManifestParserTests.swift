import Testing

@testable import BannerContent
@testable import Raster

@Suite struct ManifestParserTests {
    static let good = """
        # shop window
        [defaults]
        duration = 6
        background = "#102030"

        [[banner]]
        id = "sale"
        title = "Spring sale"   # trailing comment
        subtitle = "Everything \\"20 %\\" off\\u00A0today"
        image = 'img/sale #1.jpg'
        text = "#FFEEDDCC"

        [[banner]]
        title = "Opening hours"
        duration = 1_0.5
        """

    @Test func readsTablesValuesAndDefaults() {
        let (banners, syntax, problems) = ManifestReader.read(Self.good, directory: "/c", path: "m.toml")
        #expect(syntax.isEmpty && problems.isEmpty)
        #expect(banners.count == 2)
        #expect(banners[0].id == "sale" && banners[0].title == "Spring sale")
        #expect(banners[0].subtitle == "Everything \"20 %\" off\u{00A0}today")
        #expect(banners[0].imagePath == "/c/img/sale #1.jpg")
        #expect(banners[0].textColor == Color(red: 0xFF, green: 0xEE, blue: 0xDD, alpha: 0xCC))
        #expect(banners[0].background == Color(rgb: 0x102030) && banners[0].duration == .seconds(6))
        #expect(banners[1].id == "banner-2" && banners[1].duration == .milliseconds(10500))
        #expect(banners[1].textColor == .white)
    }

    @Test func directionIsRtlLtrOrAutoAndDefaultsApply() {
        let text = """
            [defaults]
            direction = "rtl"

            [[banner]]
            title = "مرحبا"

            [[banner]]
            title = "Hello"
            direction = "auto"

            [[banner]]
            title = "Hi"
            direction = "ltr"

            [[banner]]
            title = "Oops"
            direction = "up"
            """
        let (banners, _, problems) = ManifestReader.read(text, directory: "/c", path: "m.toml")
        #expect(banners.map(\.direction) == [.rightToLeft, nil, .leftToRight, .rightToLeft])
        #expect(problems.map(\.line) == [17])
        #expect(problems.first?.message.hasPrefix("direction must be \"rtl\", \"ltr\" or \"auto\"") == true)
    }

    /// Each bad line, alone after a valid header, and where the error must point.
    @Test(arguments: [
        ("title = \"open", 2, 9, "unterminated string"),
        ("colour = \"#fff\"", 2, 1, "unknown key \"colour\""),
        ("background = \"#12345\"", 2, 14, "colour must be"),
        ("title = \"a\" subtitle = \"b\"", 2, 13, "one key per line"),
        ("duration = 5s", 2, 12, "not a number: 5s"),
        ("duration = \"5\"", 2, 12, "duration must be a number"),
        ("title = \"bad \\q escape\"", 2, 14, "unknown escape \\q"),
        ("title = [\"a\"]", 2, 9, "expected a quoted string"),
        ("title =", 2, 8, "missing value"),
        ("= \"x\"", 2, 1, "expected a key"),
        ("title \"x\"", 2, 7, "expected '='"),
        ("[banner]", 2, 1, "[banner] clashes with [[banner]] on line 1"),
        ("title = true", 2, 9, "expected a quoted string"),
    ])
    func errorsNameLineAndColumn(line: String, row: Int, column: Int, message: String) {
        let text = "[[banner]]\n" + line + "\nimage = \"x.png\"\n"
        let (_, syntax, semantic) = ManifestReader.read(text, directory: "/c", path: "/c/banners.toml")
        let all = syntax + semantic
        #expect(all.count == 1, "\(all)")
        let p = all.first
        #expect(p?.line == row && p?.column == column, "\(String(describing: p))")
        #expect(p?.message.contains(message) == true, "\(String(describing: p))")
        #expect(p?.description.hasPrefix("/c/banners.toml:\(row):\(column): ") == true)
    }

    @Test func duplicateKeysIdsAndMisplacedTablesAreReported() {
        let text = """
            title = "orphan"
            [[banner]]
            id = "a"
            id = "b"
            title = "x"
            [[banner]]
            id = "a"
            title = "y"
            [defaults]
            [[banner]]
            subtitle = "no title, no image"
            """
        let (banners, syntax, semantic) = ManifestReader.read(text, directory: "/c", path: "m")
        let found = (syntax + semantic).map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }
        #expect(found.contains { $0.hasPrefix("1:1 key \"title\" outside any table") })
        #expect(found.contains("4:1 duplicate key \"id\" (first on line 3)"))
        #expect(found.contains { $0.hasPrefix("9:1 [defaults] must come once") })
        #expect(found.contains("7:6 duplicate banner id \"a\" (first on line 2); give each banner its own id = \"…\""))
        #expect(found.contains("10:1 banner has neither title nor image; add one"))
        #expect(banners.count == 2)  // the empty one is reported and left out
    }

    @Test func crlfLinesAndColoursParse() {
        let (banners, syntax, _) = ManifestReader.read("[[banner]]\r\ntitle = \"x\"\r\n", directory: "/c", path: "m")
        #expect(syntax.isEmpty && banners.map(\.title) == ["x"])
        #expect(ManifestReader.parseColor("#00ff7f") == Color(rgb: 0x00FF7F))
        #expect(ManifestReader.parseColor("#FF000080") == Color(red: 255, green: 0, blue: 0, alpha: 128))
        #expect(ManifestReader.parseColor("00ff7f") == nil && ManifestReader.parseColor("#00ff7g") == nil)
    }
}
