import TOMLDecoding

/// One complete table of a manifest, its keys and values with their positions (`TOMLTable`).
public enum ManifestTable: Sendable {
    /// `[defaults]`: comes once, before any banner.
    case defaults(TOMLTable)
    /// A `[[banner]]`; `hasSyntaxErrors` when one of its lines could not be read (the parser reported it).
    case banner(TOMLTable, hasSyntaxErrors: Bool)
}
