import TOMLSubset

/// Parses `banners.toml`, a strict subset of TOML 1.0 that people edit by hand and a CMS writes with any TOML
/// library:
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
/// Allowed: `[defaults]`, `[[banner]]`, bare keys, basic ("…", with \" \\ \n \t \uXXXX escapes) and literal
/// ('…') strings, integers and decimals, and single-line arrays of strings for `action` (`TOMLParser` reads
/// them; booleans are off in this dialect). `action` is an argv: the program's absolute path, then its
/// arguments; a tap on the banner in the centre runs it with `BANNERD_BANNER_ID` and `BANNERD_BANNER_INDEX` in
/// its environment.
/// Anything else is an error naming line and column, never ignored.
public enum ManifestParser {
    /// The TOML subset as banners.toml uses it.
    static let dialect = TOMLDialect(documentName: "banners.toml", allowsBooleans: false, allowsArrays: true)

    /// The parsed tables and every syntax problem found (parsing goes on after a bad line).
    public static func parse(_ text: String, path: String) -> (document: ManifestDocument, problems: [ContentProblem]) {
        let (statements, syntaxErrors) = TOMLParser.statements(text, dialect: dialect)
        var doc = ManifestDocument()
        var errors = syntaxErrors
        var current: TableRef?
        for statement in statements {
            do throws(TOMLSyntaxError) {
                switch statement {
                case .table(let header):
                    current = try doc.open(header) ?? current
                case .keyValue(let pair):
                    guard let table = current else {
                        throw TOMLSyntaxError(
                            at: pair.key.position,
                            "key \"\(pair.key.name)\" outside any table; start with [[banner]]")
                    }
                    try doc.insert(pair, into: table)
                }
            } catch {
                errors.append(error)
            }
        }
        // In file order, as an editor walks the file.
        let problems = TOMLErrors(errors).errors.map { ContentProblem(path: path, $0) }
        return (doc, problems)
    }
}

/// Which table the following keys belong to.
enum TableRef {
    case defaults
    case banner(Int)
}

extension ManifestDocument {
    /// Opens the table `header` names; a rejected header leaves keys going where they went before.
    fileprivate mutating func open(_ header: TOMLHeader) throws(TOMLSyntaxError) -> TableRef? {
        let start = TOMLPosition(line: header.position.line, column: 1)
        switch (header.name, header.isArray) {
        case ("defaults", false):
            guard defaults == nil, banners.isEmpty else {
                throw TOMLSyntaxError(at: start, "[defaults] must come once, before any [[banner]]")
            }
            defaults = TOMLTable(header: header)
            return .defaults
        case ("banner", true):
            banners.append(TOMLTable(header: header))
            return .banner(banners.count - 1)
        default:
            throw TOMLSyntaxError(at: start, "unknown table \(header.written); use [defaults] or [[banner]]")
        }
    }

    fileprivate mutating func insert(_ pair: TOMLKeyValue, into ref: TableRef) throws(TOMLSyntaxError) {
        switch ref {
        case .defaults:
            guard var t = defaults else { return }
            try t.insert(pair)
            defaults = t
        case .banner(let i):
            guard banners.indices.contains(i) else { return }
            try banners[i].insert(pair)
        }
    }
}
