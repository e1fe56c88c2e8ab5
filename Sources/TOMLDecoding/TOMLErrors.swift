/// Every syntax error of a document, in file order: parsing goes on after a bad line so that all of them can be
/// fixed in one pass.
public struct TOMLErrors: Error, Equatable, Sendable {
    /// The errors, earliest first.
    public var errors: [TOMLSyntaxError]

    /// The errors sorted into file order (stable for one position).
    public init(_ errors: [TOMLSyntaxError]) {
        self.errors = errors.enumerated().sorted { ($0.element.position, $0.offset) < ($1.element.position, $1.offset) }
            .map(\.element)
    }
}
