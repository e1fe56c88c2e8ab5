/// Reads a command line against a `CommandSpec` tree.
public enum CommandLineParser {
    /// What the command line asks for.
    public enum Request: Equatable, Sendable {
        /// Run the command `options.path` names.
        case run(ParsedOptions)
        /// Print this help text and exit 0 (`--help`, `-h`, `help [SUBCOMMAND…]`).
        case help(String)
        /// Print the version and exit 0.
        case version(String)
    }

    /// Reads `arguments` (without the program's name) for `root`.
    public static func parse(_ arguments: [String], root: CommandSpec) throws(UsageError) -> Request {
        var path = [root]
        var rest = arguments[...]
        // Subcommands first; `help` names the command to explain.
        var askedForHelp = false
        if rest.first == "help", !root.subcommands.isEmpty {
            askedForHelp = true
            rest = rest.dropFirst()
        }
        while let word = rest.first, let sub = path[path.count - 1].subcommands.first(where: { $0.name == word }) {
            path.append(sub)
            rest = rest.dropFirst()
        }
        let command = path[path.count - 1]
        let names = path.map(\.name)
        if askedForHelp { return .help(HelpText.full(for: command, path: names)) }
        var values: [String: String] = [:]
        var flags: Set<String> = []
        var words: [String] = []
        var onlyWords = false
        while let word = rest.popFirst() {
            if onlyWords || !word.hasPrefix("-") || word == "-" {
                words.append(word)
                continue
            }
            if word == "--" {
                onlyWords = true
                continue
            }
            if word == "--help" || word == "-h" { return .help(HelpText.full(for: command, path: names)) }
            if word == "--version", path.count == 1, let version = root.version { return .version(version) }
            guard word.hasPrefix("--") else {
                throw UsageError("unknown option '\(word)'", command: command, path: names)
            }
            let body = word.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            guard let option = command.options.first(where: { $0.name == name }) else {
                throw UsageError("unknown option '--\(name)'", command: command, path: names)
            }
            let inline = body.firstIndex(of: "=").map { String(body[body.index(after: $0)...]) }
            guard option.valueName != nil else {
                if inline != nil { throw UsageError("'--\(name)' takes no value", command: command, path: names) }
                flags.insert(name)
                continue
            }
            // The next word is the value, also when it starts with one '-' (`--seconds -1` is then refused as a
            // number), but not when it is another option: an empty variable in a unit's ExecStart= must not make
            // `--content --no-schedule` a directory named --no-schedule. `--name=--x` gives such a value.
            if inline == nil, rest.first?.hasPrefix("--") ?? true {
                throw UsageError("missing value for '\(option.synopsis)'", command: command, path: names)
            }
            let value = inline ?? rest.removeFirst()
            values[name] = value  // given twice: the last one counts
        }
        if command.words == nil, let first = words.first {
            let what = command.subcommands.isEmpty ? "argument" : "subcommand"
            throw UsageError("unexpected \(what) '\(first)'", command: command, path: names)
        }
        if !command.subcommands.isEmpty, command.options.isEmpty, command.words == nil {
            throw UsageError("a subcommand is needed", command: command, path: names)
        }
        for option in command.options where option.isRequired && values[option.name] == nil {
            throw UsageError("missing '\(option.synopsis)'", command: command, path: names)
        }
        if let spec = command.words, words.isEmpty {
            throw UsageError("missing <\(spec.name)>", command: command, path: names)
        }
        return .run(ParsedOptions(path: names, values: values, flags: flags, words: words, command: command))
    }
}

/// The options and words of one command line, read by name.
public struct ParsedOptions: Equatable, Sendable {
    /// The command's names from the root (`["bannerd", "run"]`).
    public let path: [String]
    public let values: [String: String]
    public let flags: Set<String>
    public let words: [String]
    let command: CommandSpec

    public static func == (a: ParsedOptions, b: ParsedOptions) -> Bool {
        a.path == b.path && a.values == b.values && a.flags == b.flags && a.words == b.words
    }

    /// The value of `--name`: as given, else its default (the spec's, the one place a default is written).
    public func value(_ name: String) -> String? {
        let option = command.options.first { $0.name == name }
        assert(option?.valueName != nil, "--\(name) is no option with a value of \(path.joined(separator: " "))")
        return values[name] ?? option?.defaultValue
    }

    /// Whether the flag `--name` was given.
    public func flag(_ name: String) -> Bool {
        assert(command.options.contains { $0.name == name && $0.valueName == nil }, "--\(name) is no flag")
        return flags.contains(name)
    }

    /// The value of `--name` (or its default) read by `read`, nil if neither; `expected` says what it takes when
    /// `read` refuses it.
    public func value<Value>(_ name: String, expected: String, _ read: (String) -> Value?) throws(UsageError) -> Value?
    {
        guard let text = value(name) else { return nil }
        guard let value = read(text) else { throw usageError("--\(name) must be \(expected), not '\(text)'") }
        return value
    }

    /// The value of an option that is required or has a default.
    public func require(_ name: String) throws(UsageError) -> String {
        guard let text = value(name) else { throw usageError("missing '--\(name)'") }
        return text
    }

    /// The value of an option that is required or has a default, read by `read`.
    public func require<Value>(_ name: String, expected: String, _ read: (String) -> Value?) throws(UsageError)
        -> Value
    {
        guard let value = try value(name, expected: expected, read) else { throw usageError("missing '--\(name)'") }
        return value
    }

    /// A mistake on this command line that the spec cannot see (a value out of range), with the usage text.
    public func usageError(_ message: String) -> UsageError {
        UsageError(message, command: command, path: path)
    }
}

/// A mistake on the command line: what is wrong, and how the command is used.
public struct UsageError: Error, Equatable, Sendable, CustomStringConvertible {
    public let message: String
    /// The usage line and where to read more.
    public let usage: String
    /// The command's names from the root.
    public let path: [String]

    init(_ message: String, command: CommandSpec, path: [String]) {
        self.message = message
        self.usage = HelpText.usage(for: command, path: path)
        self.path = path
    }

    public var description: String {
        "error: \(message)\n\(usage)\n  See '\(path.joined(separator: " ")) --help' for more."
    }
}
