/// Where something was written: 1-based line and column, columns counting Unicode scalars (as editors that
/// show "Ln, Col" do for text without combining marks).
public struct TOMLPosition: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// 1-based line.
    public var line: Int
    /// 1-based column.
    public var column: Int

    /// A position at `line`, `column`.
    public init(line: Int, column: Int) {
        self.line = line
        self.column = column
    }

    /// Earlier in the file first.
    public static func < (lhs: TOMLPosition, rhs: TOMLPosition) -> Bool {
        (lhs.line, lhs.column) < (rhs.line, rhs.column)
    }

    /// `line:column`, as compilers print it after a path.
    public var description: String { "\(line):\(column)" }
}
