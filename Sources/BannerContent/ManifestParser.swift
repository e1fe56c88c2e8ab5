import TOMLDecoding

/// Parses `banners.toml`, TOML 1.0 that people edit by hand and a CMS writes with any TOML library:
///
/// ```toml
/// # comments start with '#'
/// [defaults]                 # optional, before the banners
/// duration = 6               # seconds
/// background = "#263238"
///
/// [[banner]]                 # one per banner, shown in this order
/// id = "spring-sale"
/// title = "Spring sale"
/// subtitle = "Everything 20 % off"
/// image = "images/sale.jpg"  # relative to the content directory
/// text = "#FFFFFF"
/// action = ["/usr/local/bin/show-offer", "--id", "spring"]  # run on a tap, without a shell
/// ```
///
/// Any TOML 1.0 (`TOMLParser` reads it: every string form, arrays over several lines, inline tables, dotted
/// and quoted keys); the tables are `[defaults]` and `[[banner]]`, and `ManifestReader` checks keys and types.
/// `action` is an argv: the program's absolute path, then its arguments; a tap on the banner in the centre runs
/// it with `BANNERD_BANNER_ID` and `BANNERD_BANNER_INDEX` in its environment.
/// Anything else is an error naming line and column, never ignored.
public enum ManifestParser {
    /// Parses `text` statement by statement, handing `tables` each table once it is complete (at the next header or the
    /// end), so a manifest of thousands of banners is read holding one table. Returns every syntax problem in
    /// file order (parsing goes on after a bad statement).
    public static func parse(_ text: String, path: String, tables: (ManifestTable) -> Void) -> [ContentProblem] {
        var errors: [TOMLSyntaxError] = []
        var open: OpenTable?
        var opened = false
        TOMLParser.forEachStatement(in: text) { line in
            do throws(TOMLSyntaxError) {
                switch try line.get() {
                case .table(let header):
                    // A rejected header leaves keys going where they went before.
                    let isDefaults = try opensDefaults(header, firstTable: !opened)
                    if let done = open?.finished { tables(done) }
                    open = OpenTable(table: TOMLTable(header: header), isDefaults: isDefaults)
                    opened = true
                case .keyValue(let pair):
                    guard open != nil else {
                        throw TOMLSyntaxError(
                            at: pair.key.position,
                            "key \"\(pair.key.name)\" outside any table; start with [[banner]]")
                    }
                    try open?.table.insert(pair)
                }
            } catch {
                errors.append(error)
                open?.hasSyntaxErrors = true
            }
        }
        if let done = open?.finished { tables(done) }
        // In file order, as an editor walks the file.
        return TOMLErrors(errors).errors.map { ContentProblem(path: path, $0) }
    }

    /// Whether `header` opens `[defaults]` (else a `[[banner]]`); any other table is an error.
    private static func opensDefaults(_ header: TOMLHeader, firstTable: Bool) throws(TOMLSyntaxError) -> Bool {
        let start = TOMLPosition(line: header.position.line, column: 1)
        switch (header.name, header.isArray) {
        case ("defaults", false):
            guard firstTable else {
                throw TOMLSyntaxError(at: start, "[defaults] must come once, before any [[banner]]")
            }
            return true
        case ("banner", true):
            return false
        default:
            throw TOMLSyntaxError(at: start, "unknown table \(header.written); use [defaults] or [[banner]]")
        }
    }
}

/// The table keys are going to, until the next header.
private struct OpenTable {
    var table: TOMLTable
    let isDefaults: Bool
    var hasSyntaxErrors = false

    var finished: ManifestTable { isDefaults ? .defaults(table) : .banner(table, hasSyntaxErrors: hasSyntaxErrors) }
}
