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
/// action = "show-offer"     # on a tap: one of the admin's [actions] in bannerd.toml
/// parameters = { offer = "spring" }  # in its environment: BANNERD_PARAM_OFFER=spring
/// ```
///
/// Any TOML 1.0 (`TOMLParser` reads it: every string form, arrays over several lines, inline tables, dotted
/// and quoted keys); the tables are `[defaults]` and `[[banner]]`, and `ManifestReader` checks keys and types.
/// `action` names a program the admin listed in bannerd.toml (content never names a program); a tap on the banner
/// in the centre runs it with `BANNERD_BANNER_ID`, `BANNERD_BANNER_INDEX` and the parameters in its environment.
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
                    if let sub = try bannerSubtable(header, in: open) {
                        open?.subtable = sub
                        break
                    }
                    // A rejected header leaves keys going where they went before.
                    let isDefaults = try opensDefaults(header, firstTable: !opened)
                    if let done = open?.finished { tables(done) }
                    open = OpenTable(table: TOMLTable(header: header), isDefaults: isDefaults)
                    opened = true
                case .keyValue(let pair):
                    guard let table = open else {
                        throw TOMLSyntaxError(
                            at: pair.key.position,
                            "key \"\(pair.key.name)\" outside any table; start with [[banner]]")
                    }
                    // Under [banner.parameters], `offer = "x"` is the banner's `parameters.offer = "x"`.
                    try open?.table.insert(
                        table.subtable.map {
                            TOMLKeyValue(key: $0, dotted: [pair.key] + pair.dotted, value: pair.value)
                        }
                            ?? pair)
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

    /// The key of `[banner.NAME]` when `header` is one, for the banner being read: the form TOML writers give a
    /// table inside a `[[banner]]` (its `parameters`). nil for any other header.
    private static func bannerSubtable(_ header: TOMLHeader, in open: OpenTable?) throws(TOMLSyntaxError) -> TOMLKey? {
        guard header.keys.count == 2, header.keys[0].name == "banner", !header.isArray else { return nil }
        let key = header.keys[1]
        guard let open, !open.isDefaults else {
            throw TOMLSyntaxError(at: header.position, "\(header.written) must follow the [[banner]] it belongs to")
        }
        guard open.table.values[key.name] == nil else {
            throw TOMLSyntaxError(at: header.position, "\(header.written): this banner has \(key.written) already")
        }
        return key
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
    /// Set after `[banner.NAME]`: the keys that follow go into the banner's table `NAME`.
    var subtable: TOMLKey?

    var finished: ManifestTable { isDefaults ? .defaults(table) : .banner(table, hasSyntaxErrors: hasSyntaxErrors) }
}
