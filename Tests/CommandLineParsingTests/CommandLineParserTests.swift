import CommandLineParsing
import Testing

/// The command line as `bannerd` reads it, on a small tree of commands.
@Suite struct CommandLineParserTests {
    static let show = CommandSpec(
        name: "show", abstract: "Show something.", discussion: "First paragraph.\nSecond paragraph.",
        options: [
            .value("size", "Size WxH.", default: "800x480"),
            .value("out", "Output directory.", required: true),
            .value("at", "When.", valueName: "date-time"),
            .flag("strict", "Warnings fail."),
        ])
    static let send = CommandSpec(
        name: "send", abstract: "Send words.", options: [.value("socket", "Socket.", default: "/run/s.sock")],
        words: WordsSpec(name: "words", help: "The words."))
    static let root = CommandSpec(name: "tool", abstract: "A tool.", subcommands: [show, send], version: "1.2.3")

    private func options(_ arguments: [String]) throws -> ParsedOptions {
        guard case .run(let options) = try CommandLineParser.parse(arguments, root: Self.root) else {
            throw UsageErrorExpected()
        }
        return options
    }
    private struct UsageErrorExpected: Error {}

    private func mistake(_ arguments: [String]) -> String? {
        do {
            _ = try CommandLineParser.parse(arguments, root: Self.root)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func valuesComeSeparateOrAfterAnEqualsSignAndTheLastOneCounts() throws {
        let parsed = try options(["show", "--out", "a", "--size=10x20", "--out=b", "--strict"])
        #expect(parsed.path == ["tool", "show"])
        #expect(parsed.value("out") == "b")
        #expect(parsed.value("size") == "10x20")
        #expect(parsed.flag("strict"))
        #expect(parsed.value("at") == nil)
        // A value may start with a dash: it is the option's, and the command judges it.
        #expect(try options(["show", "--out", "-x"]).value("out") == "-x")
        #expect(try options(["show", "--out="]).value("out") == "")
    }

    @Test func defaultsComeFromTheSpec() throws {
        let parsed = try options(["show", "--out", "o"])
        #expect(parsed.value("size") == "800x480")
        #expect(!parsed.flag("strict"))
        #expect(try parsed.require("size") == "800x480")
        #expect(throws: UsageError.self) { try parsed.require("at") }
    }

    @Test func typedValuesSayWhatTheyTake() throws {
        let parsed = try options(["show", "--out", "o", "--size", "big"])
        #expect(throws: UsageError.self) { try parsed.value("size", expected: "WxH") { $0 == "10x20" ? 1 : nil } }
        do {
            _ = try parsed.require("size", expected: "a size WxH") { Int($0) }
            Issue.record("a refused value passed")
        } catch {
            #expect(error.message == "--size must be a size WxH, not 'big'")
            #expect(error.description.contains("tool show --help"))
        }
        #expect(try parsed.value("out", expected: "a name") { $0.uppercased() } == "O")
    }

    @Test func wordsAfterTheOptionsAndAfterADoubleDash() throws {
        #expect(try options(["send", "goto", "3"]).words == ["goto", "3"])
        #expect(try options(["send", "--socket", "/s", "--", "--help"]).words == ["--help"])
        #expect(try options(["send", "status"]).value("socket") == "/run/s.sock")
    }

    @Test func mistakesAreNamed() throws {
        #expect(mistake(["show", "--out", "o", "--sise", "1x1"]) == "unknown option '--sise'")
        #expect(mistake(["show", "--out"]) == "missing value for '--out <out>'")
        #expect(mistake(["show", "--out", "--strict"]) == "missing value for '--out <out>'")
        #expect(try options(["show", "--out=--strict"]).value("out") == "--strict")
        #expect(mistake(["show"]) == "missing '--out <out>'")
        #expect(mistake(["show", "--out", "o", "--strict=yes"]) == "'--strict' takes no value")
        #expect(mistake(["show", "--out", "o", "extra"]) == "unexpected argument 'extra'")
        #expect(mistake(["show", "--out", "o", "-s"]) == "unknown option '-s'")
        #expect(mistake(["send"]) == "missing <words>")
        #expect(mistake(["shwo"]) == "unexpected subcommand 'shwo'")
        #expect(mistake([]) == "a subcommand is needed")
        #expect(mistake(["show", "--out", "o", "--version"]) == "unknown option '--version'")
    }

    @Test func helpAndVersion() throws {
        #expect(try CommandLineParser.parse(["--version"], root: Self.root) == .version("1.2.3"))
        guard case .help(let text) = try CommandLineParser.parse(["show", "--out", "o", "-h"], root: Self.root) else {
            Issue.record("no help")
            return
        }
        #expect(try CommandLineParser.parse(["help", "show"], root: Self.root) == .help(text))
        #expect(try CommandLineParser.parse(["show", "--help"], root: Self.root) == .help(text))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.first == "OVERVIEW: Show something.")
        #expect(lines.contains("First paragraph.") && lines.contains("Second paragraph."))
        #expect(lines.contains("USAGE: tool show [--size <size>] --out <out> [--at <date-time>] [--strict]"))
        #expect(lines.contains { $0.hasPrefix("  --size <size>") && $0.hasSuffix("Size WxH. (default: 800x480)") })
        #expect(lines.contains { $0.hasPrefix("  --strict") && $0.hasSuffix("Warnings fail.") })
        guard case .help(let rootHelp) = try CommandLineParser.parse(["--help"], root: Self.root) else { return }
        #expect(rootHelp.contains("  show  Show something.") && rootHelp.contains("  send  Send words."))
        #expect(rootHelp.contains("--version"))
    }

    @Test func helpIsWrappedWithAHangingIndent() throws {
        let long = CommandSpec(
            name: "long", abstract: "Long.",
            options: [
                .value("wordy", String(repeating: "word ", count: 40)),
                .value("a-very-long-option-name-indeed", "Short."),
            ])
        let text = HelpText.full(for: long, path: ["tool", "long"])
        let lines = text.split(separator: "\n").map(String.init)
        #expect(lines.allSatisfy { $0.count <= 100 })
        let wordy = try #require(lines.firstIndex { $0.hasPrefix("  --wordy <wordy>") })
        let column = try #require(Array(lines[wordy]).indices.first { lines[wordy].dropFirst($0).hasPrefix("word ") })
        #expect(lines[wordy + 1].prefix(column).allSatisfy { $0 == " " } && lines[wordy + 1].count > column)
        // A label longer than the column stands on its own line, its help below it.
        let own = try #require(
            lines.firstIndex { $0 == "  --a-very-long-option-name-indeed <a-very-long-option-name-indeed>" })
        #expect(lines[own + 1].drop { $0 == " " } == "Short.")
    }
}
