/// A value and where it was written.
public struct TOMLValue: Equatable, Sendable {
    /// TOML 1.0's value types.
    public enum Kind: Equatable, Sendable {
        /// A basic ("…"), literal ('…') or multi-line string.
        case string(String)
        /// A 64-bit integer such as `42`, `-3`, `1_000` or `0xFF`.
        case integer(Int)
        /// A float such as `0.5`, `1e3`, `inf` or `nan`.
        case float(Double)
        /// `true` or `false`.
        case boolean(Bool)
        /// An offset or local date-time, a local date or a local time.
        case dateTime(TOMLDateTime)
        /// An array, its elements of any types.
        case array([TOMLValue])
        /// A table: an inline table, one made by dotted keys, or (in a `TOMLDocument`) one opened by a header.
        case table(TOMLTable)
    }

    /// The value.
    public var kind: Kind
    /// Where the value starts.
    public var position: TOMLPosition

    /// A value of `kind` written at `position`.
    public init(_ kind: Kind, at position: TOMLPosition) {
        self.kind = kind
        self.position = position
    }

    /// The line the value is on.
    public var line: Int { position.line }
    /// The column the value starts at.
    public var column: Int { position.column }

    /// The string, if the value is one.
    public var string: String? {
        if case .string(let s) = kind { return s }
        return nil
    }

    /// The value as a Double if it is an integer or a float: TOML tells `8` from `8.0`, people do not.
    public var number: Double? {
        switch kind {
        case .integer(let i): return Double(i)
        case .float(let d): return d
        default: return nil
        }
    }

    /// The integer, if the value is one.
    public var integer: Int? {
        if case .integer(let i) = kind { return i }
        return nil
    }

    /// The boolean, if the value is one.
    public var boolean: Bool? {
        if case .boolean(let b) = kind { return b }
        return nil
    }

    /// The elements, if the value is an array.
    public var array: [TOMLValue]? {
        if case .array(let a) = kind { return a }
        return nil
    }

    /// The table, if the value is one.
    public var table: TOMLTable? {
        if case .table(let t) = kind { return t }
        return nil
    }

    /// The date or time, if the value is one.
    public var dateTime: TOMLDateTime? {
        if case .dateTime(let d) = kind { return d }
        return nil
    }

    /// Runs `body` on the table in place (the value lets go of its copy first, so no copy-on-write); false if
    /// the value is not a table.
    mutating func modifyTable<E: Error>(_ body: (inout TOMLTable) throws(E) -> Void) throws(E) -> Bool {
        guard case .table(var t) = kind else { return false }
        kind = .boolean(false)
        defer { kind = .table(t) }
        try body(&t)
        return true
    }

    /// Runs `body` on the array's last element if it is a table (an array of tables), in place.
    mutating func modifyLastTable<E: Error>(_ body: (inout TOMLTable) throws(E) -> Void) throws(E) -> Bool {
        guard case .array(var elements) = kind, !elements.isEmpty else { return false }
        kind = .boolean(false)
        defer { kind = .array(elements) }
        return try elements[elements.count - 1].modifyTable(body)
    }

    /// What the value is, for messages such as "expected a number, found a string".
    public var typeDescription: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .float: return "a float"
        case .boolean: return "a boolean"
        case .dateTime: return "a date or time"
        case .array: return "an array"
        case .table: return "a table"
        }
    }
}
