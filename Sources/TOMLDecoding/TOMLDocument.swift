/// A decoded document: the top-level table, every table a header, dotted key or inline table made inside it
/// as a `.table` value, every array of tables as an `.array` of them.
public struct TOMLDocument: Equatable, Sendable {
    /// The top-level table.
    public var root = TOMLTable(header: nil)
    /// The header the keys being read go under (nil: the top level).
    private var currentHeader: TOMLHeader?

    /// An empty document.
    public init() {}

    /// Adds a statement that `TOMLTableRules` accepted (only a rejected one can fail here).
    mutating func add(_ statement: TOMLStatement) throws(TOMLSyntaxError) {
        switch statement {
        case .table(let header):
            try root.withTable(at: header.keys[...], opening: header) { _ in }
            currentHeader = header
        case .keyValue(let pair):
            try root.withTable(at: (currentHeader?.keys ?? [])[...], opening: nil) {
                (table: inout TOMLTable) throws(TOMLSyntaxError) in try table.insert(pair)
            }
        }
    }

    /// The tables `[name]` (one) or `[[name]]` (one per element) at the top level; empty when `name` is a value.
    public func tables(named name: String) -> [TOMLTable] {
        switch root.values[name]?.kind {
        case .table(let table)?: return [table]
        case .array(let elements)?: return elements.compactMap(\.table)
        default: return []
        }
    }
}
