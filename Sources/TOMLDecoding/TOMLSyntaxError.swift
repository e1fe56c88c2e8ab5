/// Something that is not TOML 1.0 (or breaks its rules), at a line and column. Callers add the file's path.
public struct TOMLSyntaxError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Where the problem is.
    public var position: TOMLPosition
    /// What is wrong and, where possible, how to fix it.
    public var message: String

    /// An error at `position`.
    public init(at position: TOMLPosition, _ message: String) {
        self.position = position
        self.message = message
    }

    /// `line:column: message`.
    public var description: String { "\(position): \(message)" }
}
