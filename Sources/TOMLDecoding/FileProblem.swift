/// One thing wrong with a file, located as precisely as known: `path:line:column: message`, as compilers print
/// it, so editors and terminals can jump to it. Content (`ContentProblem`) and configuration
/// (`ConfigurationProblem`) problems are both this type.
public struct FileProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file or directory concerned.
    public var path: String
    /// 1-based line, when the problem is inside a text file.
    public var line: Int?
    /// 1-based column (in characters), when known.
    public var column: Int?
    /// What is wrong and, where possible, how to fix it.
    public var message: String

    /// A problem at an optional line and column.
    public init(path: String, line: Int? = nil, column: Int? = nil, message: String) {
        self.path = path
        self.line = line
        self.column = column
        self.message = message
    }

    /// A syntax error (or any problem at a position) in the file at `path`.
    public init(path: String, _ error: TOMLSyntaxError) {
        self.init(path: path, line: error.position.line, column: error.position.column, message: error.message)
    }

    public var description: String {
        var s = path
        if let line { s += ":\(line)" }
        if let line, line > 0, let column { s += ":\(column)" }
        return s + ": " + message
    }
}
