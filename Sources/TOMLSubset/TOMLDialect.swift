/// Which optional parts of the subset a document may use, and the document's name for messages.
///
/// `banners.toml` predates booleans and arrays and keeps rejecting them with its original messages, so that a
/// typo such as `title = true` reads "expected a value" rather than a confusing type error.
public struct TOMLDialect: Sendable {
    /// The document's name in messages, e.g. `banners.toml`.
    public var documentName: String
    /// Whether `true` and `false` are values.
    public var allowsBooleans: Bool
    /// Whether single-line arrays of strings or numbers are values.
    public var allowsArrays: Bool

    /// A dialect; every part of the subset allowed by default.
    public init(documentName: String, allowsBooleans: Bool = true, allowsArrays: Bool = true) {
        self.documentName = documentName
        self.allowsBooleans = allowsBooleans
        self.allowsArrays = allowsArrays
    }

    /// Everything the subset has: tables, arrays of tables, strings, numbers, booleans, single-line arrays.
    public static let full = TOMLDialect(documentName: "this file")

    /// The hint given when no value can be read.
    var valueHint: String {
        switch (allowsBooleans, allowsArrays) {
        case (false, false): return "expected a value: a \"quoted string\" or a number"
        case (true, false): return "expected a value: a \"quoted string\", a number, true or false"
        case (false, true): return "expected a value: a \"quoted string\", a number or [an, array]"
        case (true, true): return "expected a value: a \"quoted string\", a number, true, false or [an, array]"
        }
    }
}
