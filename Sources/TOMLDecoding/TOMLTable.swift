/// One table's keys and values, keys in the order written, each with its position.
public struct TOMLTable: Equatable, Sendable {
    /// How a table came to be, which decides what may add to it later.
    enum Definition: Equatable, Sendable {
        /// By its header (or the document's top level).
        case header
        /// By a header naming a table inside it (`[a.b]` makes `a`); a header may still define it once.
        case implicit
        /// By a dotted key (`a.b = 1` makes `a`); more dotted keys in the same table may add to it.
        case dotted
        /// By `{…}`: complete once written.
        case inline
    }

    /// The header that opened the table; nil for the top level and for tables not opened by a header.
    public var header: TOMLHeader?
    /// Values by key.
    public private(set) var values: [String: TOMLValue] = [:]
    /// Keys in the order written.
    public private(set) var keys: [TOMLKey] = []
    var definition: Definition

    /// An empty table opened by `header` (nil: the document's top level).
    public init(header: TOMLHeader?) {
        self.header = header
        definition = .header
    }

    init(_ definition: Definition) {
        self.definition = definition
    }

    /// The header's line; 0 for the top level.
    public var line: Int { header?.position.line ?? 0 }

    /// Adds a pair, a dotted key through tables that earlier dotted keys of this table made; a key given
    /// twice, or a dotted key reaching into a value or a table defined elsewhere, is an error (TOML forbids
    /// both), reported at the key.
    public mutating func insert(_ pair: TOMLKeyValue) throws(TOMLSyntaxError) {
        try insert(pair.value, key: pair.key, dotted: pair.dotted[...])
    }

    private mutating func insert(_ value: TOMLValue, key: TOMLKey, dotted: ArraySlice<TOMLKey>) throws(TOMLSyntaxError)
    {
        guard let next = dotted.first else {
            guard values[key.name] == nil else {
                throw TOMLSyntaxError(at: key.position, "duplicate key \"\(key.name)\"")
            }
            values[key.name] = value
            keys.append(key)
            return
        }
        if values[key.name] == nil {
            values[key.name] = TOMLValue(.table(TOMLTable(.dotted)), at: key.position)
            keys.append(key)
        }
        var extendable = false
        let isTable = try values[key.name]?.modifyTable { (table: inout TOMLTable) throws(TOMLSyntaxError) in
            extendable = table.definition == .dotted
            if extendable { try table.insert(value, key: next, dotted: dotted.dropFirst()) }
        }
        guard isTable == true, extendable else {
            throw TOMLSyntaxError(
                at: key.position, "key \"\(key.name)\" is already defined; a dotted key cannot add to it")
        }
    }

    /// Runs `body` on the table at `path` below this one, making missing tables on the way; with `header`
    /// the last one is the table that header opens (for `[[…]]` a new element). Tables are changed in place.
    mutating func withTable(
        at path: ArraySlice<TOMLKey>, opening header: TOMLHeader?,
        _ body: (inout TOMLTable) throws(TOMLSyntaxError) -> Void
    ) throws(TOMLSyntaxError) {
        guard let key = path.first else {
            try body(&self)
            return
        }
        let opened = path.count == 1 ? header : nil
        if values[key.name] == nil {
            let made: TOMLValue.Kind
            if let opened {
                made = opened.isArray ? .array([]) : .table(TOMLTable(header: opened))
            } else {
                made = .table(TOMLTable(.implicit))
            }
            values[key.name] = TOMLValue(made, at: opened?.position ?? key.position)
            keys.append(key)
        }
        if let opened, opened.isArray, case .array(var elements)? = values[key.name]?.kind {
            values[key.name]?.kind = .boolean(false)
            elements.append(TOMLValue(.table(TOMLTable(header: opened)), at: opened.position))
            values[key.name]?.kind = .array(elements)
        }
        if let opened, !opened.isArray { values[key.name]?.position = opened.position }
        let rest = path.dropFirst()
        let found = try values[key.name]?.modifyTable { (table: inout TOMLTable) throws(TOMLSyntaxError) in
            if let opened, !opened.isArray {
                table.header = opened
                table.definition = .header
            }
            try table.withTable(at: rest, opening: header, body)
        }
        if found == true { return }
        let foundElement = try values[key.name]?.modifyLastTable { (table: inout TOMLTable) throws(TOMLSyntaxError) in
            try table.withTable(at: rest, opening: header, body)
        }
        guard foundElement == true else {
            throw TOMLSyntaxError(at: key.position, "key \"\(key.name)\" is a value, not a table")
        }
    }
}
