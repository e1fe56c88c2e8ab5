/// One meaningful line of a document: a table header or a key/value pair.
public enum TOMLStatement: Equatable, Sendable {
    /// `[name]` or `[[name]]`.
    case table(TOMLHeader)
    /// `key = value`.
    case keyValue(TOMLKeyValue)
}

/// A table header, `[name]` or (an element of an array of tables) `[[name]]`.
public struct TOMLHeader: Equatable, Sendable {
    /// The table's bare name.
    public var name: String
    /// True for `[[name]]`.
    public var isArray: Bool
    /// Where the header's first bracket is.
    public var position: TOMLPosition

    /// A header for `name`.
    public init(name: String, isArray: Bool, position: TOMLPosition) {
        self.name = name
        self.isArray = isArray
        self.position = position
    }

    /// The header as written in canonical form, `[name]` or `[[name]]`.
    public var written: String { isArray ? "[[\(name)]]" : "[\(name)]" }
}

/// A bare key and where it was written.
public struct TOMLKey: Equatable, Sendable {
    /// The key.
    public var name: String
    /// Where the key starts.
    public var position: TOMLPosition

    /// A key `name` written at `position`.
    public init(name: String, position: TOMLPosition) {
        self.name = name
        self.position = position
    }
}

/// `key = value`, both with positions.
public struct TOMLKeyValue: Equatable, Sendable {
    /// The key.
    public var key: TOMLKey
    /// The value.
    public var value: TOMLValue

    /// A pair.
    public init(key: TOMLKey, value: TOMLValue) {
        self.key = key
        self.value = value
    }
}
