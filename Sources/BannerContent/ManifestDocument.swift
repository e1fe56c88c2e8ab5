import TOMLSubset

/// A parsed manifest: the optional defaults and the banners in file order, each table's keys and values with
/// their positions (`TOMLTable`).
public struct ManifestDocument: Equatable, Sendable {
    /// The `[defaults]` table, if any.
    public var defaults: TOMLTable?
    /// The `[[banner]]` tables in file order.
    public var banners: [TOMLTable] = []
}
