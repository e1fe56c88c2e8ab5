import Foundation
import Testing

@testable import bannerd

/// Every `bannerd …` command line in the README, docs/ and the board and systemd READMEs goes through the real
/// argument parser (parsing and validation only; nothing runs), so the docs cannot drift from the binary again.
/// In docs/ and the board profiles' READMEs, which speak of bannerd only, an option quoted on its own
/// (`--output HDMI-A-2`) must be an option of some subcommand (the README and the QEMU boards' also quote the
/// benchmark's and the test harness' options). Synopsis forms (with `[`, `|` or `…`) are skipped;
/// docs/exit-status.md holds deliberate mistakes and has its own check (scripts/test-exit-status).
@Suite struct CommandLineDocsTests {
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent()

    /// The documentation files: README.md and every .md under docs/, board/ and systemd/.
    static func documents() throws -> [URL] {
        var files = [repository.appendingPathComponent("README.md")]
        for folder in ["docs", "board", "systemd"] {
            let root = repository.appendingPathComponent(folder)
            guard let walker = FileManager.default.enumerator(at: root, includingPropertiesForKeys: nil) else {
                continue
            }
            for case let url as URL in walker
            where url.pathExtension == "md" && url.lastPathComponent != "exit-status.md" {
                files.append(url)
            }
        }
        return files
    }

    /// Files whose options quoted on their own are bannerd's.
    static func speaksOfBannerdOnly(_ place: String) -> Bool {
        (place.hasPrefix("docs/") || place.hasPrefix("board/")) && !place.hasPrefix("board/qemu-")
    }

    /// The quoted command lines: inline code spans, and indented code lines, that start with `bannerd `
    /// or with `--`, each with the file and line it came from.
    static func quoted() throws -> [(text: String, place: String)] {
        var found: [(String, String)] = []
        for file in try documents() {
            let lines = try String(contentsOf: file, encoding: .utf8).split(
                separator: "\n", omittingEmptySubsequences: false)
            for (number, line) in lines.enumerated() {
                let place = "\(file.path.dropFirst(repository.path.count + 1)):\(number + 1)"
                var spans = line.split(separator: "`", omittingEmptySubsequences: false).enumerated()
                    .filter { $0.offset % 2 == 1 }.map { String($0.element) }
                let code = line.trimmingCharacters(in: .whitespaces)
                if line.hasPrefix("    ") || line.hasPrefix("\t") { spans.append(code) }
                for span in spans {
                    let text =
                        span.split(separator: "#").first.map(String.init)?
                        .trimmingCharacters(in: .whitespaces) ?? ""
                    guard text.hasPrefix("bannerd ") || (text.hasPrefix("--") && Self.speaksOfBannerdOnly(place)),
                        !text.contains("["), !text.contains("|"), !text.contains("…")
                    else { continue }
                    found.append((text, place))
                }
            }
        }
        return found
    }

    /// Every option name of every subcommand.
    static let optionNames: Set<String> = Set(
        Bannerd.spec.subcommands.flatMap { command in command.options.map { "--" + $0.name } } + [
            "--help", "--version",
        ])

    @Test func everyQuotedCommandLineParses() throws {
        let lines = try Self.quoted()
        #expect(lines.count >= 10, "found only \(lines.count) command lines: the extraction broke")
        var failures: [String] = []
        for (text, place) in lines {
            let words = text.split(separator: " ").map(String.init)
            if words[0] == "bannerd" {
                do {
                    _ = try Bannerd.parse(Array(words.dropFirst()))
                } catch {
                    failures.append("\(place): `\(text)`: \(error)")
                }
            } else if !Self.optionNames.contains(words[0]) {
                failures.append("\(place): `\(text)` is not an option of any bannerd subcommand")
            }
        }
        #expect(failures.isEmpty, "\(failures.joined(separator: "\n"))")
    }
}
