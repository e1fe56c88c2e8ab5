/// A parsed document with TOML's table rules applied: keys before the first header form `root`; every header
/// opens a table in `tables`, in file order.
public struct TOMLDocument: Equatable, Sendable {
    /// The keys before the first header.
    public var root = TOMLTable(header: nil)
    /// The tables in file order, including each element of an array of tables.
    public var tables: [TOMLTable] = []

    /// An empty document.
    public init() {}

    /// The tables named `name`: one for `[name]`, one per element for `[[name]]`.
    public func tables(named name: String) -> [TOMLTable] {
        tables.filter { $0.header?.name == name }
    }

    /// Builds the document from statements, reporting what TOML forbids: a key given twice in a table, a
    /// `[name]` defined twice, `[name]` mixed with `[[name]]`. Keys under a rejected header are dropped, so
    /// one mistake is reported once.
    public init(statements: [TOMLStatement]) throws(TOMLErrors) {
        var errors: [TOMLSyntaxError] = []
        var current: Target = .root
        for statement in statements {
            switch statement {
            case .table(let header):
                if let earlier = tables.first(where: { $0.header?.name == header.name })?.header,
                    !(earlier.isArray && header.isArray)
                {
                    let message =
                        earlier.isArray == header.isArray
                        ? "table \(header.written) is defined twice (first on line \(earlier.position.line))"
                        : "\(header.written) clashes with \(earlier.written) on line \(earlier.position.line)"
                    errors.append(TOMLSyntaxError(at: header.position, message))
                    current = .skipped
                } else {
                    tables.append(TOMLTable(header: header))
                    current = .table(tables.count - 1)
                }
            case .keyValue(let pair):
                do throws(TOMLSyntaxError) {
                    switch current {
                    case .root: try root.insert(pair)
                    case .table(let i): try tables[i].insert(pair)
                    case .skipped: break
                    }
                } catch {
                    errors.append(error)
                }
            }
        }
        guard errors.isEmpty else { throw TOMLErrors(errors) }
    }

    /// Where the keys being read go.
    private enum Target {
        case root
        case table(Int)
        /// Under a rejected header.
        case skipped
    }
}
