/// One thing wrong with a config file or board profile: `path:line:column: message`, as compilers print it,
/// so editors and terminals can jump to it.
public struct ConfigurationProblem: Equatable, Sendable, CustomStringConvertible {
    /// The file concerned.
    public var path: String
    /// 1-based line, when the problem is inside the file.
    public var line: Int?
    /// 1-based column, when known.
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

    /// `path:line:column: message`, leaving out what is not known.
    public var description: String {
        var s = path
        if let line {
            s += ":\(line)"
            if let column { s += ":\(column)" }
        }
        return s + ": " + message
    }
}
