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
/// and quoted keys); the tables are `[defaults]` and `[[banner]]`, each in any form TOML has for it with the same
/// meaning (`defaults = { … }`, `defaults.duration = 6`, `banner = [{ … }, …]`, a banner's `[banner.parameters]`),
/// and `ManifestReader` checks keys and types.
/// `action` names a program the admin listed in bannerd.toml (content never names a program); a tap on the banner
/// in the centre runs it with `BANNERD_BANNER_ID`, `BANNERD_BANNER_INDEX` and the parameters in its environment.
/// Anything else is an error naming line and column, never ignored.
public enum ManifestParser {
    /// Parses `text` statement by statement, handing `tables` each table once it is complete (at the next header or the
    /// end), so a manifest of thousands of `[[banner]]` tables is read holding one table. The keys before the
    /// first header are TOML's top-level table, read whole: its `defaults` as soon as it ends, its `banner = [{ … }]`
    /// at the end of the file, after the defaults wherever those are written. Returns every syntax problem in file
    /// order (parsing goes on after a bad statement).
    public static func parse(_ text: String, path: String, tables: (ManifestTable) -> Void) -> [ContentProblem] {
        var assembly = ManifestAssembly()
        TOMLParser.forEachStatement(in: text) { assembly.add($0, handing: tables) }
        assembly.finish(handing: tables)
        // In file order, as an editor walks the file.
        return TOMLErrors(assembly.errors).errors.map { ContentProblem(path: path, $0) }
    }
}

/// The manifest's tables as TOML defines them, statement by statement: which table each key goes to, whichever
/// form it was written in.
private struct ManifestAssembly {
    /// The keys before the first header (nil after it): `defaults = { … }`, `defaults.KEY = …`, `banner = [ … ]`.
    private var topLevel: TOMLTable? = TOMLTable(header: nil)
    /// The top level's `banner = [{ … }, …]`, handed at the end: defaults written after them still apply.
    private var inlineBanners: [TOMLValue] = []
    /// The table a header opened, until the next header; nil after a header the manifest refuses (its keys go
    /// nowhere, as TOMLParser does with a header TOML refuses).
    private var open: OpenTable?
    private var bannersBegun = false
    private(set) var errors: [TOMLSyntaxError] = []

    mutating func add(_ statement: Result<TOMLStatement, TOMLSyntaxError>, handing tables: (ManifestTable) -> Void) {
        do throws(TOMLSyntaxError) {
            switch try statement.get() {
            case .table(let header):
                try begin(header, handing: tables)
            case .keyValue(let pair):
                if topLevel != nil {
                    try topLevel?.insert(pair)
                } else {
                    try open?.insert(pair)
                }
            }
        } catch {
            errors.append(error)
            open?.hasSyntaxErrors = true
        }
    }

    mutating func finish(handing tables: (ManifestTable) -> Void) {
        endTopLevel(handing: tables)
        if let done = open { tables(done.finished) }
        open = nil
        for banner in inlineBanners {
            if let table = banner.table { tables(.banner(table, start: banner.position, hasSyntaxErrors: false)) }
        }
        inlineBanners = []
    }

    private mutating func begin(_ header: TOMLHeader, handing tables: (ManifestTable) -> Void) throws(TOMLSyntaxError) {
        // `[banner.parameters]` after its `[[banner]]`, `[defaults.NAME]` in `[defaults]`: a table inside the open one.
        if let name = open?.name, !header.isArray, header.keys.count > 1, header.keys[0].name == name {
            open?.subtable = header.keys.dropFirst()
            return
        }
        endTopLevel(handing: tables)
        if let done = open { tables(done.finished) }
        open = nil
        let start = TOMLPosition(line: header.position.line, column: 1)
        switch (header.keys[0].name, header.keys.count, header.isArray) {
        case ("defaults", _, false):
            guard !bannersBegun else {
                throw TOMLSyntaxError(at: start, "[defaults] must come once, before any [[banner]]")
            }
            open = OpenTable(table: TOMLTable(header: header), isDefaults: true, start: start)
            open?.subtable = header.keys.dropFirst()
        case ("banner", 1, true):
            bannersBegun = true
            open = OpenTable(table: TOMLTable(header: header), isDefaults: false, start: start)
        case ("banner", 2..., false):
            throw TOMLSyntaxError(at: header.position, "\(header.written) must follow the [[banner]] it belongs to")
        default:
            throw TOMLSyntaxError(at: start, "unknown table \(header.written); use [defaults] or [[banner]]")
        }
    }

    private static let bannerIsATable = "a banner is a table: [[banner]], or banner = [{ title = \"…\" }, …]"

    /// Hands over the top level's defaults, keeps its banners for the end, and refuses anything else in it, each
    /// problem at its key or value as the header form's problem is at its header.
    private mutating func endTopLevel(handing tables: (ManifestTable) -> Void) {
        guard let table = topLevel else { return }
        topLevel = nil
        for key in table.keys {
            guard let value = table.values[key.name] else { continue }
            let arrayOfTables = value.array.map { !$0.isEmpty && $0.allSatisfy { $0.table != nil } } ?? false
            switch (key.name, value.kind) {
            case ("defaults", .table(let defaults)):
                tables(.defaults(defaults, start: key.position))
            case ("banner", .array(let elements)):
                for element in elements where element.table == nil {
                    errors.append(TOMLSyntaxError(at: element.position, Self.bannerIsATable))
                }
                inlineBanners = elements.filter { $0.table != nil }
            case (_, .table):
                errors.append(
                    TOMLSyntaxError(at: key.position, "unknown table [\(key.written)]; use [defaults] or [[banner]]"))
            case _ where arrayOfTables:
                errors.append(
                    TOMLSyntaxError(at: key.position, "unknown table [[\(key.written)]]; use [defaults] or [[banner]]"))
            case ("defaults", _):
                errors.append(
                    TOMLSyntaxError(
                        at: value.position, "defaults is a table: [defaults], or defaults = { duration = 6 }"))
            case ("banner", _):
                errors.append(TOMLSyntaxError(at: value.position, Self.bannerIsATable))
            default:
                errors.append(
                    TOMLSyntaxError(at: key.position, "key \"\(key.name)\" outside any table; start with [[banner]]"))
            }
        }
    }
}

/// The table keys are going to, until the next header.
private struct OpenTable {
    var table: TOMLTable
    let isDefaults: Bool
    /// Where the table starts, for problems about the whole table.
    let start: TOMLPosition
    var hasSyntaxErrors = false
    /// After `[banner.NAME]` (or `[defaults.NAME]`, `[banner.NAME.MORE]`): the table inside this one that the keys
    /// that follow go into.
    var subtable: ArraySlice<TOMLKey> = []

    /// The header's name: `[defaults]`, `[[banner]]`.
    var name: String { isDefaults ? "defaults" : "banner" }

    /// Adds `pair`, as `NAME.key = value` under `[banner.NAME]`: the same table TOML makes of both.
    mutating func insert(_ pair: TOMLKeyValue) throws(TOMLSyntaxError) {
        guard let first = subtable.first else { return try table.insert(pair) }
        try table.insert(
            TOMLKeyValue(key: first, dotted: Array(subtable.dropFirst()) + [pair.key] + pair.dotted, value: pair.value))
    }

    var finished: ManifestTable {
        isDefaults
            ? .defaults(table, start: start) : .banner(table, start: start, hasSyntaxErrors: hasSyntaxErrors)
    }
}
