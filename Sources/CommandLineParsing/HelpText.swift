/// The help text of a command: its overview, usage line, options and subcommands, wrapped to 100 columns.
public enum HelpText {
    static let width = 100

    /// `--help`'s whole text.
    public static func full(for command: CommandSpec, path: [String]) -> String {
        var lines = wrap("OVERVIEW: " + command.abstract, indent: 0)
        for paragraph in command.discussion.split(separator: "\n") {
            lines += [""] + wrap(String(paragraph), indent: 0)
        }
        lines += ["", usage(for: command, path: path)]
        var entries: [(String, String)] = []
        if let words = command.words { entries.append(("<\(words.name)> …", words.help)) }
        for option in command.options {
            let shown = option.defaultValue.map { " (default: \($0))" } ?? ""
            entries.append((option.synopsis, option.help + shown))
        }
        entries.append(("-h, --help", "Show this help."))
        if path.count == 1, command.version != nil { entries.append(("--version", "Show the version.")) }
        lines += ["", command.words == nil ? "OPTIONS:" : "ARGUMENTS AND OPTIONS:"] + table(entries)
        if !command.subcommands.isEmpty {
            lines += ["", "SUBCOMMANDS:"] + table(command.subcommands.map { ($0.name, $0.abstract) })
            lines += ["", "  See '\(path.joined(separator: " ")) help <subcommand>' for a subcommand's options."]
        }
        return lines.joined(separator: "\n")
    }

    /// The usage line: required options as they must be given, the rest in brackets.
    public static func usage(for command: CommandSpec, path: [String]) -> String {
        var parts = ["USAGE:"] + path
        if !command.subcommands.isEmpty { parts.append("<subcommand>") }
        for option in command.options {
            parts.append(option.isRequired ? option.synopsis : "[\(option.synopsis)]")
        }
        if let words = command.words { parts.append("<\(words.name)> …") }
        return wrap(parts.joined(separator: " "), indent: 0, continuation: 4).joined(separator: "\n")
    }

    /// Two columns, the second wrapped beside the first (or below it when the first is long).
    private static func table(_ entries: [(String, String)]) -> [String] {
        let column = min(28, (entries.map(\.0.count).max() ?? 0) + 4)
        var lines: [String] = []
        for (left, right) in entries {
            let label = "  " + left
            var text = wrap(right, indent: column, width: width)
            if label.count + 2 <= column {
                text[0] = label + String(repeating: " ", count: column - label.count) + text[0].dropFirst(column)
            } else {
                lines.append(label)
            }
            lines += text
        }
        return lines
    }

    /// `text` in lines of at most `width` columns (a longer word stands alone), the first indented by `indent`,
    /// the others by `continuation` (the same unless given).
    static func wrap(_ text: String, indent: Int, continuation: Int? = nil, width: Int = width) -> [String] {
        var lines: [String] = []
        var pad = String(repeating: " ", count: indent)
        var line = ""
        for word in text.split(separator: " ") {
            if !line.isEmpty, pad.count + line.count + 1 + word.count > width {
                lines.append(pad + line)
                pad = String(repeating: " ", count: continuation ?? indent)
                line = ""
            }
            line += (line.isEmpty ? "" : " ") + word
        }
        lines.append(pad + line)
        return lines
    }
}
