/// Decodes TOML 1.0.0 (https://toml.io/en/v1.0.0), every part of it, keeping the line and column of every key
/// and value for messages:
///
/// ```toml
/// # comments start with '#'
/// [display]                       # a table; [a.b] and ["quoted"] names too
/// connector = "HDMI-A-1"          # basic string with escapes; 'literal', """multi-line""" and '''…''' too
/// rotation = 90                   # integer: 1_000, 0xFF, 0o17, 0b101
/// scale = 1.5                     # float: 1e3, inf, nan
/// enabled = true                  # boolean
/// calibration = [0, -1, 1,        # arrays over lines, any types, trailing comma
///                1, 0, 0]
/// margins = { top = 8, left = 4 } # inline table
/// font.size = 16                  # dotted key
/// since = 1979-05-27T07:32:00Z    # offset/local date-time, local date, local time
///
/// [[banner]]                      # an array of tables: one element per header
/// ```
///
/// Every error is reported, not only the first: after a statement that cannot be read, reading resumes on the
/// next line (errors inside a broken array or inline table are not repeated for its remaining lines). Memory
/// beyond the text is the statement being read and the names `TOMLTableRules` keeps.
public enum TOMLParser {
    /// Every statement of `text` in order, and every error (reading goes on after one).
    public static func statements(_ text: String) -> (statements: [TOMLStatement], errors: [TOMLSyntaxError]) {
        var statements: [TOMLStatement] = []
        var errors: [TOMLSyntaxError] = []
        forEachStatement(in: text) { result in
            switch result {
            case .success(let statement): statements.append(statement)
            case .failure(let error): errors.append(error)
            }
        }
        return (statements, errors)
    }

    /// Hands `body` each statement of `text` that TOML accepts, or an error, in file order.
    public static func forEachStatement(
        in text: String, _ body: (Result<TOMLStatement, TOMLSyntaxError>) -> Void
    ) {
        var text = text
        text.withUTF8 { forEachStatement(inUTF8: $0, body) }
    }

    /// As `forEachStatement(in:_:)`, over UTF-8 bytes that may be invalid (an error at the first bad byte).
    public static func forEachStatement(
        inUTF8 bytes: UnsafeBufferPointer<UInt8>, _ body: (Result<TOMLStatement, TOMLSyntaxError>) -> Void
    ) {
        var scanner = TOMLScanner(bytes)
        var rules = TOMLTableRules()
        // After an error inside an array or inline table, the lines of its rest are not statements: stay quiet
        // until a statement reads cleanly.
        var recovering = false
        while true {
            scanner.skipTrivia(newlines: true)
            for problem in scanner.problems { body(.failure(problem)) }
            scanner.problems.removeAll(keepingCapacity: true)
            guard !scanner.atEnd else { return }
            let start = scanner.position()
            let isHeader = scanner.peek == UInt8(ascii: "[")
            do throws(TOMLSyntaxError) {
                let statement = try scanner.statement()
                recovering = false
                let problems = scanner.problems
                for problem in problems { body(.failure(problem)) }
                do throws(TOMLSyntaxError) {
                    try rules.check(statement)
                    if isHeader && !problems.isEmpty { rules.detach(at: start) }
                    if problems.isEmpty && rules.isAttached { body(.success(statement)) }
                } catch {
                    body(.failure(error))
                }
            } catch {
                if !recovering {
                    for problem in scanner.problems { body(.failure(problem)) }
                    body(.failure(error))
                }
                recovering = scanner.nesting > 0 || recovering
                if isHeader { rules.detach(at: start) }
                scanner.skipLine()
            }
            scanner.problems.removeAll(keepingCapacity: true)
        }
    }

    /// The document, or every error in file order.
    public static func document(_ text: String) throws(TOMLErrors) -> TOMLDocument {
        var text = text
        let result = text.withUTF8 { bytes in
            Result { () throws(TOMLErrors) in try document(utf8: bytes) }
        }
        return try result.get()
    }

    /// The document from UTF-8 bytes (invalid UTF-8 is an error), or every error in file order.
    public static func document(utf8 bytes: UnsafeBufferPointer<UInt8>) throws(TOMLErrors) -> TOMLDocument {
        var document = TOMLDocument()
        var errors: [TOMLSyntaxError] = []
        forEachStatement(inUTF8: bytes) { result in
            do throws(TOMLSyntaxError) {
                try document.add(try result.get())
            } catch {
                errors.append(error)
            }
        }
        guard errors.isEmpty else { throw TOMLErrors(errors) }
        return document
    }
}
