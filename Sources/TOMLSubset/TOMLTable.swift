/// One table's keys and values, keys in the order written, each with its position.
public struct TOMLTable: Equatable, Sendable {
    /// The header that opened the table; nil for the keys before any header.
    public var header: TOMLHeader?
    /// Values by key.
    public private(set) var values: [String: TOMLValue] = [:]
    /// Keys in the order written.
    public private(set) var keys: [TOMLKey] = []

    /// An empty table opened by `header` (nil: the document's top level).
    public init(header: TOMLHeader?) {
        self.header = header
    }

    /// The header's line; 0 for the top level.
    public var line: Int { header?.position.line ?? 0 }

    /// Adds a pair; a key given twice is an error (TOML forbids it), reported at the second one.
    public mutating func insert(_ pair: TOMLKeyValue) throws(TOMLSyntaxError) {
        guard values[pair.key.name] == nil else {
            throw TOMLSyntaxError(at: pair.key.position, "duplicate key \"\(pair.key.name)\"")
        }
        values[pair.key.name] = pair.value
        keys.append(pair.key)
    }
}
