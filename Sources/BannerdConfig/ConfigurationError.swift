import TOMLDecoding

/// Why a configuration could not be loaded: every problem found, in file order, so all can be fixed at once.
public struct ConfigurationError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The problems; never empty.
    public var problems: [ConfigurationProblem]

    /// An error made of `problems`.
    public init(_ problems: [ConfigurationProblem]) {
        self.problems = problems
    }

    /// One problem about `path` as a whole (unreadable, missing, unknown board).
    public init(path: String, _ message: String) {
        self.init([ConfigurationProblem(path: path, message: message)])
    }

    /// One line per problem.
    public var description: String { problems.map(\.description).joined(separator: "\n") }
}
