/// One thing wrong with content, located as precisely as known: `path:line:column: message`.
public struct ContentProblem: Equatable, Sendable, CustomStringConvertible {
    /// The manifest, image or directory concerned.
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

    public var description: String {
        var s = path
        if let line { s += ":\(line)" }
        if let line, line > 0, let column { s += ":\(column)" }
        return s + ": " + message
    }
}
