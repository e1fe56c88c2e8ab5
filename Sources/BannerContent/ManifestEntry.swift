/// A value in the manifest and where it was written.
public struct ManifestValue: Equatable, Sendable {
    public enum Kind: Equatable, Sendable {
        case string(String)
        case number(Double)
    }

    public var kind: Kind
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
    public var values: [String: ManifestValue] = [:]
    public var order: [String] = []

    public init(line: Int) {
        self.line = line
    }
}

/// A parsed manifest: the optional defaults and the banners in file order.
public struct ManifestDocument: Equatable, Sendable {
    public var defaults: ManifestTable?
    public var banners: [ManifestTable] = []
}
