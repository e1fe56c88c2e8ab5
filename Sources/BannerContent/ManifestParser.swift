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
/// ```
///
/// Allowed: `[defaults]`, `[[banner]]`, bare keys, basic ("…", with \" \\ \n \t \uXXXX escapes) and literal
/// ('…') strings, integers and decimals. Anything else is an error naming line and column, never ignored.
public enum ManifestParser {
    /// The parsed tables and every syntax problem found (parsing goes on after a bad line).
    public static func parse(_ text: String, path: String) -> (document: ManifestDocument, problems: [ContentProblem]) {
        var doc = ManifestDocument()
        var problems: [ContentProblem] = []
        var current: TableRef?
        var lineNumber = 0
        // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
        for rawLine in text.unicodeScalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            var scanner = LineScanner(Array(rawLine), line: lineNumber)
            scanner.skipSpaces()
            guard !scanner.atEndOrComment else { continue }
            do throws(ManifestSyntaxError) {
                if scanner.peek == "[" {
                    let header = try scanner.tableHeader()
                    switch header {
                    case "[defaults]":
                        guard doc.defaults == nil, doc.banners.isEmpty else {
                            throw ManifestSyntaxError(
                                column: 1, message: "[defaults] must come once, before any [[banner]]")
                        }
                        doc.defaults = ManifestTable(line: lineNumber)
                        current = .defaults
                    case "[[banner]]":
                        doc.banners.append(ManifestTable(line: lineNumber))
                        current = .banner(doc.banners.count - 1)
                    default:
                        throw ManifestSyntaxError(
                            column: 1, message: "unknown table \(header); use [defaults] or [[banner]]")
                    }
                    try scanner.expectLineEnd()
                    continue
                }
                let keyColumn = scanner.column
                let key = try scanner.bareKey()
                scanner.skipSpaces()
                try scanner.expect("=", what: "'=' after key \"\(key)\"")
                scanner.skipSpaces()
                var value = try scanner.value()
                value.keyColumn = keyColumn
                try scanner.expectLineEnd()
                guard let table = current else {
                    throw ManifestSyntaxError(
                        column: keyColumn, message: "key \"\(key)\" outside any table; start with [[banner]]")
                }
                try doc.insert(key, value, into: table, column: keyColumn)
            } catch {
                problems.append(
                    ContentProblem(path: path, line: lineNumber, column: error.column, message: error.message))
            }
        }
        return (doc, problems)
    }
}

/// Which table the following keys belong to.
enum TableRef {
    case defaults
    case banner(Int)
}

extension ManifestDocument {
    fileprivate mutating func insert(_ key: String, _ value: ManifestValue, into ref: TableRef, column: Int)
        throws(ManifestSyntaxError)
    {
        func add(_ t: inout ManifestTable) throws(ManifestSyntaxError) {
            guard t.values[key] == nil else {
                throw ManifestSyntaxError(column: column, message: "duplicate key \"\(key)\"")
            }
            t.values[key] = value
            t.order.append(key)
        }
        switch ref {
        case .defaults:
            guard var t = defaults else { return }
            try add(&t)
            defaults = t
        case .banner(let i):
            guard banners.indices.contains(i) else { return }
            try add(&banners[i])
        }
    }
}

/// A syntax error at a column of the current line.
struct ManifestSyntaxError: Error {
    var column: Int
    var message: String
}
