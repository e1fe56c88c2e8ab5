/// A value and where it was written.
public struct TOMLValue: Equatable, Sendable {
    /// The value types of the subset.
    public enum Kind: Equatable, Sendable {
        /// A basic ("…") or literal ('…') string.
        case string(String)
        /// A decimal integer such as `42`, `-3` or `1_000`.
        case integer(Int)
        /// A number with a fraction or exponent such as `0.5` or `1e3`.
        case decimal(Double)
        /// `true` or `false`.
        case boolean(Bool)
        /// A single-line array whose elements are all strings or all numbers.
        case array([TOMLValue])
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

    /// The value as a Double if it is an integer or a decimal: TOML tells `8` from `8.0`, people do not.
    public var number: Double? {
        switch kind {
        case .integer(let i): return Double(i)
        case .decimal(let d): return d
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

    /// What the value is, for messages such as "expected a number, found a string".
    public var typeDescription: String {
        switch kind {
        case .string: return "a string"
        case .integer: return "an integer"
        case .decimal: return "a decimal number"
        case .boolean: return "a boolean"
        case .array: return "an array"
        }
    }
}
