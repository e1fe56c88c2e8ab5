/// Parses a strict subset of TOML 1.0 that people edit by hand and other programs write with any TOML library:
///
/// ```toml
/// # comments start with '#'
/// [display]                  # a table
/// connector = "HDMI-A-1"     # basic string: \" \\ \n \t \uXXXX \UXXXXXXXX escapes
/// font = 'C:\fonts\a.ttf'    # literal string: no escapes
/// rotation = 90              # integer (1_000 allowed)
/// scale = 1.5                # decimal
/// enabled = true             # boolean
/// calibration = [0, -1, 1, 1, 0, 0]   # one-line array of numbers, or of strings
///
/// [[banner]]                 # an array of tables: one element per header
/// ```
///
/// Not accepted: dotted or quoted keys, inline tables, multi-line strings and arrays, dates. Anything outside
/// the subset is an error naming line and column, never ignored.
public enum TOMLParser {
    /// Every statement of `text` in order, and every line that is not one (parsing goes on after a bad line).
    public static func statements(_ text: String, dialect: TOMLDialect = .full) -> (
        statements: [TOMLStatement], errors: [TOMLSyntaxError]
    ) {
        var statements: [TOMLStatement] = []
        var errors: [TOMLSyntaxError] = []
        forEachStatement(in: text, dialect: dialect) { line in
            switch line {
            case .success(let statement): statements.append(statement)
            case .failure(let error): errors.append(error)
            }
        }
        return (statements, errors)
    }

    /// Hands `body` each statement of `text`, or the error of a line that is not one, in file order, holding
    /// nothing but the current line: a long document is read in constant memory.
    public static func forEachStatement(
        in text: String, dialect: TOMLDialect = .full, _ body: (Result<TOMLStatement, TOMLSyntaxError>) -> Void
    ) {
        var scalars = text.unicodeScalars.makeIterator()
        var line: [Unicode.Scalar] = []
        var lineNumber = 0
        var more = true
        while more {
            // Split on scalars: as Characters, "\r\n" is one grapheme and would not split on "\n".
            line.removeAll(keepingCapacity: true)
            more = false
            while let c = scalars.next() {
                if c == "\n" {
                    more = true
                    break
                }
                line.append(c)
            }
            lineNumber += 1
            var scanner = TOMLLineScanner(line, line: lineNumber, dialect: dialect)
            do throws(TOMLSyntaxError) {
                if let statement = try scanner.statement() { body(.success(statement)) }
            } catch {
                body(.failure(error))
            }
        }
    }

    /// The document with TOML's table rules applied, or every syntax and table error in file order.
    public static func document(_ text: String, dialect: TOMLDialect = .full) throws(TOMLErrors) -> TOMLDocument {
        let (statements, syntaxErrors) = statements(text, dialect: dialect)
        let document: TOMLDocument
        do throws(TOMLErrors) {
            document = try TOMLDocument(statements: statements)
        } catch {
            throw TOMLErrors(syntaxErrors + error.errors)
        }
        guard syntaxErrors.isEmpty else { throw TOMLErrors(syntaxErrors) }
        return document
    }
}
