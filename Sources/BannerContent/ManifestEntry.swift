/// A value in the manifest and where it was written.
public struct ManifestValue: Equatable, Sendable {
    /// The value types banners.toml allows.
    public enum Kind: Equatable, Sendable {
        case string(String)
        case number(Double)
    }

    /// The value.
    public var kind: Kind
    /// Line it was written on.
    public var line: Int
    /// Column of the value.
    public var column: Int
    /// Column of the key it was given for.
    public var keyColumn: Int = 1
}

/// One table of the manifest (`[defaults]` or one `[[banner]]`): its keys in the order written.
public struct ManifestTable: Equatable, Sendable {
    /// The header's line.
    public var line: Int
    /// Values by key.
    public var values: [String: ManifestValue] = [:]
    /// Keys in the order written.
    public var order: [String] = []

    /// An empty table whose header is on `line`.
    public init(line: Int) {
        self.line = line
    }
}

/// A parsed manifest: the optional defaults and the banners in file order.
public struct ManifestDocument: Equatable, Sendable {
    /// The `[defaults]` table, if any.
    public var defaults: ManifestTable?
    /// The `[[banner]]` tables in file order.
    public var banners: [ManifestTable] = []
}
