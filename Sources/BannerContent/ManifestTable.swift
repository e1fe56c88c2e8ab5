import TOMLDecoding

/// One complete table of a manifest, its keys and values with their positions (`TOMLTable`), in whichever form
/// it was written; `start` is where it begins (its header's line, else its key or `{`), for problems about the
/// whole table.
public enum ManifestTable: Sendable {
    /// `[defaults]`, `defaults = { … }` or `defaults.KEY = …`: before any `[[banner]]` table.
    case defaults(TOMLTable, start: TOMLPosition)
    /// A `[[banner]]` table or an element of `banner = [{ … }, …]`; `hasSyntaxErrors` when one of its lines could
    /// not be read (the parser reported it).
    case banner(TOMLTable, start: TOMLPosition, hasSyntaxErrors: Bool)
}
