import Raster
import Testing

@testable import BannerContent

/// TOML gives `[defaults]`, `defaults = { … }` and `defaults.duration = 6` one meaning, and `[[banner]]` tables
/// and `banner = [{ … }, …]` another one: banners.toml reads each of its tables (`[defaults]`, every banner,
/// a banner's `parameters`) in every form TOML has for it, to the same values and with the same problems,
/// each at the key or value as it was written (issue 25).
@Suite struct ManifestTableFormsTests {
    /// How a table is written.
    enum Form: String, CaseIterable, Sendable {
        /// `[name]` and its keys on the lines below.
        case header
        /// `name = { key = value, … }`.
        case inline
        /// `name.key = value`, one line each.
        case dotted
    }

    /// How the banners are written.
    enum BannersForm: String, CaseIterable, Sendable {
        /// `[[banner]]` and its keys, once per banner.
        case arrayOfTables
        /// `banner = [{ … }, { … }]`, one inline table per banner.
        case inlineArray
    }

    /// One way of writing a whole manifest.
    struct Layout: Sendable, CustomStringConvertible {
        var defaults: Form
        var banners: BannersForm
        var parameters: Form
        /// The banners before `[defaults]`: the only order TOML has for a `[defaults]` header beside an inline
        /// array, which must be written at the top level, before any header.
        var defaultsLast = false

        var description: String {
            "defaults \(defaults), banners \(banners), parameters \(parameters)\(defaultsLast ? ", defaults last" : "")"
        }

        static let reference = Layout(defaults: .header, banners: .arrayOfTables, parameters: .header)

        /// Every layout TOML allows (a header cannot add to an inline array's tables).
        static let all: [Layout] = Form.allCases.flatMap { defaults in
            BannersForm.allCases.flatMap { banners in
                Form.allCases.filter { banners == .arrayOfTables || $0 != .header }.flatMap { parameters in
                    let orders =
                        banners == .arrayOfTables ? [false] : defaults == .header ? [true] : [false, true]
                    return orders.map {
                        Layout(defaults: defaults, banners: banners, parameters: parameters, defaultsLast: $0)
                    }
                }
            }
        }
    }

    typealias Pairs = [(key: String, value: String)]

    /// A manifest's keys, table by table, and how to write them in a layout.
    struct Manifest {
        var defaults: Pairs = [
            ("duration", "6"), ("background", "\"#263238\""), ("text", "\"#FFEEDD\""), ("direction", "\"rtl\""),
            ("hours", "\"07:00-20:00\""), ("start", "2025-04-01"),
        ]
        var banners: [Pairs] = [
            [
                ("id", "\"spring-sale\""), ("title", "\"Spring sale\""), ("subtitle", "\"Everything 20 % off\""),
                ("image", "\"images/sale.jpg\""), ("duration", "10"), ("action", "\"show-offer\""),
                ("days", "[\"mon-fri\", \"sat\"]"), ("end", "2025-05-01T00:00:00+02:00"),
            ],
            [
                ("title", "\"Opening hours\""), ("background", "\"#1E3C72\""), ("direction", "\"auto\""),
                ("hours", "\"22:00-02:00\""),
            ],
            [("image", "\"images/map.png\"")],
        ]
        /// The first banner's `parameters`.
        var parameters: Pairs = [("offer", "\"spring\""), ("sku", "\"A-1\"")]

        func text(_ layout: Layout) -> String {
            let defaults = Self.table("defaults", defaults, layout.defaults)
            let banners: String
            switch layout.banners {
            case .arrayOfTables:
                banners = self.banners.enumerated().map { i, pairs in
                    let parameters = i == 0 ? self.parameters : []
                    var lines = "[[banner]]\n" + Self.lines(pairs)
                    switch layout.parameters {
                    case _ where parameters.isEmpty: break
                    case .header: lines += "[banner.parameters]\n" + Self.lines(parameters)
                    case .inline: lines += "parameters = " + Self.inline(parameters) + "\n"
                    case .dotted: lines += Self.lines(parameters.map { ("parameters." + $0, $1) })
                    }
                    return lines
                }.joined(separator: "\n")
            case .inlineArray:
                let tables = self.banners.enumerated().map { i, pairs in
                    let parameters = i == 0 ? self.parameters : []
                    switch layout.parameters {
                    case _ where parameters.isEmpty: return Self.inline(pairs)
                    case .header: preconditionFailure("a header cannot add to an inline table")
                    case .inline: return Self.inline(pairs + [("parameters", Self.inline(parameters))])
                    case .dotted: return Self.inline(pairs + parameters.map { ("parameters." + $0, $1) })
                    }
                }
                banners = "banner = [\n" + tables.map { "    " + $0 + ",\n" }.joined() + "]\n"
            }
            return layout.defaultsLast ? banners + "\n" + defaults : defaults + "\n" + banners
        }

        static func table(_ name: String, _ pairs: Pairs, _ form: Form) -> String {
            switch form {
            case .header: return "[\(name)]\n" + lines(pairs)
            case .inline: return "\(name) = " + inline(pairs) + "\n"
            case .dotted: return lines(pairs.map { (name + "." + $0, $1) })
            }
        }

        static func lines(_ pairs: Pairs) -> String { pairs.map { "\($0) = \($1)\n" }.joined() }

        static func inline(_ pairs: Pairs) -> String {
            "{ " + pairs.map { "\($0) = \($1)" }.joined(separator: ", ") + " }"
        }
    }

    private func read(_ text: String) -> (BannerList, [ContentProblem]) {
        let (banners, syntax, problems) = ManifestReader.read(
            text, directory: "/c", path: "/c/banners.toml", actions: ["show-offer"])
        return (banners, syntax + problems)
    }

    /// Every field a banner has, by name, so that a difference names the field.
    static let fields: [(name: String, isSame: @Sendable (Banner, Banner) -> Bool)] = [
        ("id", { $0.id == $1.id }), ("title", { $0.title == $1.title }), ("subtitle", { $0.subtitle == $1.subtitle }),
        ("artwork", { $0.artwork == $1.artwork }), ("background", { $0.background == $1.background }),
        ("textColor", { $0.textColor == $1.textColor }), ("direction", { $0.direction == $1.direction }),
        ("duration", { $0.duration == $1.duration }), ("action", { $0.action == $1.action }),
        ("schedule", { $0.schedule == $1.schedule }),
    ]

    @Test func theReferenceLayoutReadsEveryTable() throws {
        let (banners, problems) = read(Manifest().text(.reference))
        #expect(problems.isEmpty, "\(problems)")
        try #require(banners.count == 3)
        #expect(banners[0].action?.parameters.map(\.value) == ["spring", "A-1"])
        #expect(banners[0].duration == .seconds(10) && banners[2].duration == .seconds(6))
        #expect(banners[1].background == Color(rgb: 0x1E3C72) && banners[2].background == Color(rgb: 0x263238))
        #expect(banners[2].textColor == Color(rgb: 0xFFEEDD) && banners[2].direction == .rightToLeft)
        #expect(banners[0].schedule?.window?.days.count == 6 && banners[2].schedule?.start != nil)
        #expect(banners[1].direction == nil && banners[2].id == "map")
    }

    @Test(arguments: Layout.all)
    func everyFormReadsTheSameBanners(layout: Layout) throws {
        let manifest = Manifest()
        let (reference, _) = read(manifest.text(.reference))
        let text = manifest.text(layout)
        let (banners, problems) = read(text)
        #expect(problems.isEmpty, "\(problems)\n\(text)")
        try #require(banners.count == reference.count, "\(text)")
        for (banner, expected) in zip(banners, reference) {
            for field in Self.fields {
                #expect(field.isSame(banner, expected), "\(field.name): \(banner) is not \(expected)\n\(text)")
            }
            #expect(banner == expected)
        }
    }

    /// One mistake in one table, written in each form: the same message, at `token` wherever that form puts it.
    struct Mistake: Sendable, CustomStringConvertible {
        enum Table: Sendable { case defaults, banner, parameters }
        var table: Table
        var key: String
        var value: String
        /// What the problem points at (written once in the manifest).
        var token: String
        var message: String
        var description: String { "\(table): \(key) = \(value)" }
    }

    static let mistakes = [
        Mistake(
            table: .defaults, key: "colour", value: "\"#ABCDEF\"", token: "colour",
            message: "unknown key \"colour\" in [defaults]; allowed: background, days, direction, duration, end,"),
        Mistake(
            table: .defaults, key: "duration", value: "\"six\"", token: "\"six\"",
            message: "duration must be a number of seconds between 0 and 86400"),
        Mistake(
            table: .defaults, key: "hours", value: "\"25:00-26:00\"", token: "\"25:00-26:00\"",
            message: "hours must be \"HH:MM-HH:MM\""),
        Mistake(
            table: .banner, key: "subtitel", value: "\"typo\"", token: "subtitel",
            message: "unknown key \"subtitel\" in [[banner]]; allowed: action, background, days,"),
        Mistake(table: .banner, key: "title", value: "12345", token: "12345", message: "expected a quoted string"),
        Mistake(
            table: .banner, key: "background", value: "\"#12345\"", token: "\"#12345\"",
            message: "colour must be \"#RRGGBB\" or \"#RRGGBBAA\""),
        Mistake(
            table: .parameters, key: "count", value: "4242", token: "4242",
            message: "parameter count must be a string without NUL"),
        Mistake(
            table: .parameters, key: "9lives", value: "\"x\"", token: "9lives",
            message: "parameter 9lives: names are letters, digits and _"),
    ]

    /// Each mistake in every layout that writes its table differently.
    static let mistakesInEveryForm: [(Mistake, Layout)] = mistakes.flatMap { mistake in
        Layout.all.filter {
            switch mistake.table {
            case .defaults: return $0.banners == .arrayOfTables && $0.parameters == .header
            case .banner: return $0.defaults == .header && $0.parameters != .dotted
            case .parameters: return $0.defaults == .header
            }
        }.map { (mistake, $0) }
    }

    @Test(arguments: mistakesInEveryForm)
    func aMistakeIsTheSameProblemInEveryForm(mistake: Mistake, layout: Layout) throws {
        var manifest = Manifest()
        // In place of the key's good value, if the table has one.
        let pair = (key: mistake.key, value: mistake.value)
        switch mistake.table {
        case .defaults:
            manifest.defaults.removeAll { $0.key == mistake.key }
            manifest.defaults.append(pair)
        case .banner:
            manifest.banners[0].removeAll { $0.key == mistake.key }
            manifest.banners[0].append(pair)
        case .parameters:
            manifest.parameters.removeAll { $0.key == mistake.key }
            manifest.parameters.append(pair)
        }
        let text = manifest.text(layout)
        let (_, problems) = read(text)
        let (_, inReference) = read(manifest.text(.reference))
        let at = try #require(Self.position(of: mistake.token, in: text))
        #expect(problems.count == 1, "\(problems)\n\(text)")
        #expect(problems.first?.line == at.line && problems.first?.column == at.column, "\(problems)\n\(text)")
        #expect(problems.first?.message == inReference.first?.message, "\(problems)\n\(text)")
        #expect(problems.first?.message.hasPrefix(mistake.message) == true, "\(problems)")
    }

    /// The line and column (in Unicode scalars) where `token`, written once in `text`, starts.
    static func position(of token: String, in text: String) -> (line: Int, column: Int)? {
        guard let range = text.firstRange(of: token), text[range.upperBound...].firstRange(of: token) == nil else {
            return nil
        }
        let before = text[..<range.lowerBound]
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (before.count { $0 == "\n" } + 1, before[lineStart...].unicodeScalars.count + 1)
    }

    /// What the header form refuses, the other forms refuse with the same words, at the key as written.
    @Test(arguments: [
        ("[banner]\ntitle = \"x\"\n", "1:1 unknown table [banner]; use [defaults] or [[banner]]"),
        ("banner = { title = \"x\" }\n", "1:1 unknown table [banner]; use [defaults] or [[banner]]"),
        ("banner.title = \"x\"\n", "1:1 unknown table [banner]; use [defaults] or [[banner]]"),
        ("[colours]\ntext = \"#FFFFFF\"\n", "1:1 unknown table [colours]; use [defaults] or [[banner]]"),
        ("colours = { text = \"#FFFFFF\" }\n", "1:1 unknown table [colours]; use [defaults] or [[banner]]"),
        ("colours.text = \"#FFFFFF\"\n", "1:1 unknown table [colours]; use [defaults] or [[banner]]"),
        ("[[defaults]]\nduration = 5\n", "1:1 unknown table [[defaults]]; use [defaults] or [[banner]]"),
        ("defaults = [{ duration = 5 }]\n", "1:1 unknown table [[defaults]]; use [defaults] or [[banner]]"),
        ("[defaults.colours]\ntext = \"#FFFFFF\"\n", "1:11 unknown key \"colours\" in [defaults]; allowed:"),
        ("[defaults]\ncolours = { text = \"#FFFFFF\" }\n", "2:1 unknown key \"colours\" in [defaults]; allowed:"),
        ("defaults.colours.text = \"#FFFFFF\"\n", "1:10 unknown key \"colours\" in [defaults]; allowed:"),
        ("title = \"orphan\"\n", "1:1 key \"title\" outside any table; start with [[banner]]"),
        ("banner = [\"x\"]\n", "1:11 a banner is a table: [[banner]], or banner = [{ title = \"…\" }, …]"),
        ("defaults = 5\n", "1:12 defaults is a table: [defaults], or defaults = { duration = 6 }"),
        (
            "[[banner]]\ntitle = \"T\"\n[banner.colours]\ntext = \"#FFFFFF\"\n",
            "3:9 unknown key \"colours\" in [[banner]]"
        ),
        ("[[banner]]\ntitle = \"T\"\ncolours.text = \"#FFFFFF\"\n", "3:1 unknown key \"colours\" in [[banner]]"),
        ("banner = [{ title = \"T\", colours.text = \"#FFFFFF\" }]\n", "1:26 unknown key \"colours\" in [[banner]]"),
    ])
    func misplacedTablesAreRefusedAlikeInEveryForm(text: String, problem: String) {
        let (_, problems) = read(text)
        let first = problems.map { "\($0.line ?? 0):\($0.column ?? 0) \($0.message)" }.first
        #expect(first?.hasPrefix(problem) == true, "\(problems)")
    }

    /// `[[banner]]` tables are read as they come, so `[defaults]` after one is refused in the header form;
    /// banners written inline are read whole, and take their defaults wherever the defaults are.
    @Test func inlineBannersTakeTheirDefaultsWhereverTheyAreWritten() {
        let header = read("[[banner]]\ntitle = \"T\"\n[defaults]\nduration = 5\n")
        #expect(
            header.1.map(\.description) == ["/c/banners.toml:3:1: [defaults] must come once, before any [[banner]]"])
        for text in [
            "banner = [{ title = \"T\" }]\n[defaults]\nduration = 5\n",
            "banner = [{ title = \"T\" }]\ndefaults.duration = 5\n",
            "banner = [{ title = \"T\" }]\ndefaults = { duration = 5 }\n",
        ] {
            let (banners, problems) = read(text)
            #expect(problems.isEmpty && banners.map(\.duration) == [.seconds(5)], "\(text)")
        }
    }

    /// `banner = [ … ]` is one statement: a syntax error inside it leaves no banner of it (and, being a syntax
    /// error, keeps the content shown). The keys under a table the manifest refuses go nowhere: one line, not a
    /// second one from the table before.
    @Test func aBrokenArrayOrARefusedTableIsOneProblem() {
        let (banners, syntax, _) = ManifestReader.read(
            "banner = [\n    { title = \"T\" },\n    { title = \"open },\n]\n", directory: "/c", path: "m")
        #expect(banners.isEmpty && syntax.count == 1 && syntax.first?.line == 3, "\(syntax)")
        let (kept, problems) = read("[[banner]]\ntitle = \"a\"\n[[baner]]\ntitle = \"b\"\n")
        #expect(kept.map(\.title) == ["a"])
        #expect(
            problems.map(\.description) == [
                "/c/banners.toml:3:1: unknown table [[baner]]; use [defaults] or [[banner]]"
            ])
    }

    /// Problems about a whole banner point where the banner starts: its header, or its `{`.
    @Test func aBannerWithNothingToShowIsNamedWhereItStarts() {
        let (banners, problems) = read("banner = [\n    { title = \"T\" },\n    { subtitle = \"no title\" },\n]\n")
        #expect(banners.map(\.title) == ["T"])
        #expect(problems.map(\.description) == ["/c/banners.toml:3:5: banner has neither title nor image; add one"])
        let (_, duplicate) = read("banner = [{ id = \"a\", title = \"T\" },\n  { id = \"a\", title = \"U\" }]\n")
        #expect(
            duplicate.map(\.description) == [
                "/c/banners.toml:2:10: duplicate banner id \"a\" (first on line 1); give each banner its own id = \"…\""
            ])
    }
}
