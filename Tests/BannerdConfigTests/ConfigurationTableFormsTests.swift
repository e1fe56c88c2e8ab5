import Testing

@testable import BannerdConfig

/// TOML gives `[display]`, `display = { … }` and `display.rotation = 90` one meaning: every table of
/// bannerd.toml reads to the same configuration in each form, and the same mistake is the same problem in each,
/// at the key or value as written (issue 25; banners.toml's tables: `ManifestTableFormsTests`).
@Suite struct ConfigurationTableFormsTests {
    enum Form: String, CaseIterable, Sendable {
        case header, inline, dotted
    }

    typealias Pairs = [(key: String, value: String)]

    /// A value other than the default for every key of every table (config/bannerd.toml lists them).
    static let tables: [(name: String, pairs: Pairs)] = [
        (
            "display",
            [
                ("card", "\"card1\""), ("connector", "\"HDMI-A-2\""), ("mode", "\"1280x720@50\""), ("rotation", "270"),
                ("scale", "1.5"), ("format", "\"rgb565\""), ("scanout", "\"compose\""),
            ]
        ),
        ("input", [("seat", "\"seat-kiosk\""), ("calibration", "[0, -1, 1, 1, 0, 0]")]),
        (
            "carousel",
            [
                ("top_inset", "24"), ("bottom_inset", "0"), ("horizontal_inset", "40.5"), ("gap", "12"),
                ("corner_radius", "0"), ("autoplay", "7.25"), ("sync", "\"wall-clock\""),
                ("background", "\"#000000\""),
                ("title_fonts", "[\"/f/a.ttf\"]"), ("body_fonts", "[\"/f/b.ttf\", \"/f/c.ttc\"]"),
            ]
        ),
        ("content", [("directory", "\"/srv/signage\"")]),
        ("control", [("socket", "\"/run/x.sock\"")]),
        ("metrics", [("textfile", "\"/srv/metrics/bannerd.prom\"")]),
        ("proof_of_play", [("directory", "\"/srv/plays\""), ("keep_days", "400")]),
        ("schedule", [("on", "\"7:30\""), ("off", "\"22:00\""), ("days", "[\"mon-fri\", \"sun\"]")]),
        ("actions", [("show-offer", "[\"/usr/local/bin/show-offer\", \"--fullscreen\"]"), ("map", "[\"/bin/map\"]")]),
    ]

    /// Every table, `name` in `form` (first: TOML's top-level keys come before any header) and the others as
    /// headers.
    static func text(_ tables: [(name: String, pairs: Pairs)], writing name: String, as form: Form) -> String {
        let first = tables.filter { $0.name == name }
        let rest = tables.filter { $0.name != name }
        return (first.map { table($0.name, $0.pairs, form) } + rest.map { table($0.name, $0.pairs, .header) })
            .joined(separator: "\n")
    }

    static func table(_ name: String, _ pairs: Pairs, _ form: Form) -> String {
        switch form {
        case .header: return "[\(name)]\n" + pairs.map { "\($0) = \($1)\n" }.joined()
        case .inline: return "\(name) = { " + pairs.map { "\($0) = \($1)" }.joined(separator: ", ") + " }\n"
        case .dotted: return pairs.map { "\(name).\($0) = \($1)\n" }.joined()
        }
    }

    private func apply(_ text: String) throws(ConfigurationError) -> Configuration {
        try Configuration.defaults.applying(fileContents: text, path: "/etc/bannerd/bannerd.toml")
    }

    static let everyTableInEveryForm = tables.flatMap { table in Form.allCases.map { (table.name, $0) } }

    @Test(arguments: everyTableInEveryForm)
    func everyFormReadsTheSameConfiguration(name: String, form: Form) throws {
        let reference = try apply(Self.text(Self.tables, writing: name, as: .header))
        // Each table's values count: without them the configuration is another.
        let without = try apply(Self.text(Self.tables.filter { $0.name != name }, writing: "", as: .header))
        #expect(without != reference)
        let text = Self.text(Self.tables, writing: name, as: form)
        let c = try apply(text)
        #expect(c.display == reference.display && c.input == reference.input, "\(text)")
        #expect(c.carousel == reference.carousel && c.contentDirectory == reference.contentDirectory, "\(text)")
        #expect(c.controlSocketPath == reference.controlSocketPath, "\(text)")
        #expect(c.metricsTextfile == reference.metricsTextfile, "\(text)")
        #expect(c.proofOfPlayDirectory == reference.proofOfPlayDirectory, "\(text)")
        #expect(c.proofOfPlayKeepDays == reference.proofOfPlayKeepDays, "\(text)")
        #expect(c.schedule == reference.schedule && c.actions == reference.actions, "\(text)")
        #expect(c == reference, "\(text)")
    }

    /// One mistake in one table: `token` is what the problem points at, written once.
    static let mistakes: [(table: String, key: String, value: String, token: String, message: String)] = [
        ("display", "colour", "1", "colour", "unknown key \"colour\" in [display]; allowed: card, connector"),
        ("display", "rotation", "45", "45", "rotation must be 0, 90, 180 or 270"),
        ("carousel", "gap", "\"wide\"", "\"wide\"", "gap must be a number of points"),
        ("schedule", "off", "\"25:00\"", "\"25:00\"", "off must be a 24-hour time"),
        ("actions", "relative", "[\"true\"]", "\"true\"", "action relative: the program must be an absolute path"),
        ("proof_of_play", "keep_days", "0", "0", "keep_days must be a whole number of days"),
    ]

    static let mistakesInEveryForm = mistakes.indices.flatMap { i in Form.allCases.map { (i, $0) } }

    @Test(arguments: mistakesInEveryForm)
    func aMistakeIsTheSameProblemInEveryForm(mistake index: Int, form: Form) throws {
        let mistake = Self.mistakes[index]
        let tables = Self.tables.filter { $0.name == mistake.table }.map { table in
            (name: table.name, pairs: table.pairs.filter { $0.key != mistake.key } + [(mistake.key, mistake.value)])
        }
        let text = Self.text(tables, writing: mistake.table, as: form)
        let pair = mistake.key + " = " + mistake.value
        let at = try #require(Self.position(of: mistake.token, inPair: pair, in: text))
        do {
            _ = try apply(text)
            Issue.record("accepted:\n\(text)")
        } catch {
            #expect(error.problems.count == 1, "\(error)\n\(text)")
            let p = error.problems.first
            #expect(p?.line == at.line && p?.column == at.column, "\(error)\n\(text)")
            #expect(p?.message.hasPrefix(mistake.message) == true, "\(error)")
        }
    }

    /// Where `token` starts in `text`, inside `pair`, which is written once.
    static func position(of token: String, inPair pair: String, in text: String) -> (line: Int, column: Int)? {
        guard let found = text.firstRange(of: pair), text[found.upperBound...].firstRange(of: pair) == nil,
            let start = text[found].firstRange(of: token)?.lowerBound
        else { return nil }
        let before = text[..<start]
        let lineStart = before.lastIndex(of: "\n").map { before.index(after: $0) } ?? before.startIndex
        return (before.count { $0 == "\n" } + 1, before[lineStart...].unicodeScalars.count + 1)
    }
}
