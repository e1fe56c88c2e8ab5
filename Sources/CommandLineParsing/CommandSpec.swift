/// What a command takes on its command line: options (`--name VALUE`, `--name=VALUE`, or a `--flag`), words after
/// them, and subcommands. bannerd's own parser: swift-argument-parser brings Foundation into the binary, tens of
/// megabytes on a board with little flash.
public struct CommandSpec: Sendable {
    public let name: String
    /// One line for the overview and the parent's list of subcommands.
    public let abstract: String
    /// Paragraphs after the overview ("" for none).
    public let discussion: String
    public let options: [OptionSpec]
    /// The words after the options (`bannerd ctl goto 3`); nil when the command takes none.
    public let words: WordsSpec?
    public let subcommands: [CommandSpec]
    /// What `--version` prints (the root command only).
    public let version: String?

    public init(
        name: String, abstract: String, discussion: String = "", options: [OptionSpec] = [], words: WordsSpec? = nil,
        subcommands: [CommandSpec] = [], version: String? = nil
    ) {
        self.name = name
        self.abstract = abstract
        self.discussion = discussion
        self.options = options
        self.words = words
        self.subcommands = subcommands
        self.version = version
    }
}

/// One `--name`: a flag when `valueName` is nil, otherwise it takes a value.
public struct OptionSpec: Sendable, Equatable {
    public let name: String
    public let valueName: String?
    public let help: String
    /// Shown in the help text; a missing option reads as nil all the same (the command applies its defaults).
    public let defaultValue: String?
    /// Whether the command cannot run without it.
    public let isRequired: Bool

    /// An option with a value, named `valueName` in the help text (the option's name unless told otherwise).
    public static func value(
        _ name: String, _ help: String, valueName: String? = nil, default defaultValue: String? = nil,
        required: Bool = false
    ) -> OptionSpec {
        OptionSpec(
            name: name, valueName: valueName ?? name, help: help, defaultValue: defaultValue, isRequired: required)
    }

    /// A flag: present or not.
    public static func flag(_ name: String, _ help: String) -> OptionSpec {
        OptionSpec(name: name, valueName: nil, help: help, defaultValue: nil, isRequired: false)
    }

    /// As the help text and error messages write it: `--out <out>`, or `--strict`.
    public var synopsis: String { valueName.map { "--\(name) <\($0)>" } ?? "--\(name)" }
}

/// The words a command takes after its options.
public struct WordsSpec: Sendable, Equatable {
    public let name: String
    public let help: String

    public init(name: String, help: String) {
        self.name = name
        self.help = help
    }
}
