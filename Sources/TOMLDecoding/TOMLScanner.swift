/// A cursor over a document's UTF-8 bytes that knows its line and column, reading one statement at a time.
///
/// It holds no copy of the text and no list of tokens: memory beyond the caller's bytes is one scratch buffer
/// (the longest string so far) and the problems of the statement being read.
struct TOMLScanner {
    let bytes: UnsafeBufferPointer<UInt8>
    var index = 0
    /// 1-based line of `index`.
    private(set) var line = 1
    /// Where the current line starts.
    private(set) var lineStart = 0
    /// A column already counted on this line, so that positions along a long line cost what they move.
    private var counted = (index: 0, column: 1)
    /// How deep the statement being read is inside arrays and inline tables (for recovery after an error).
    var nesting = 0
    /// Problems found inside the statement being read that did not stop its reading (a bad escape, a bad
    /// number), so that one statement can report several and the next statement starts where it should.
    var problems: [TOMLSyntaxError] = []
    /// The bytes of the string being read, reused from string to string.
    var scratch: [UInt8] = []

    init(_ bytes: UnsafeBufferPointer<UInt8>) {
        self.bytes = bytes
        // A UTF-8 byte order mark is allowed at the start and means nothing.
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
            index = 3
            lineStart = 3
            counted = (3, 1)
        }
    }

    var peek: UInt8? { index < bytes.count ? bytes[index] : nil }
    func peek(_ offset: Int) -> UInt8? { index + offset < bytes.count ? bytes[index + offset] : nil }
    var atEnd: Bool { index >= bytes.count }

    /// The position of byte `i` on the current line; columns count Unicode scalars.
    mutating func position(at i: Int) -> TOMLPosition {
        if counted.index < lineStart || counted.index > i { counted = (lineStart, 1) }
        var column = counted.column
        for j in counted.index..<min(i, bytes.count) where bytes[j] & 0xC0 != 0x80 { column += 1 }
        counted = (i, column)
        return TOMLPosition(line: line, column: column)
    }

    mutating func position() -> TOMLPosition { position(at: index) }

    mutating func error(_ message: String) -> TOMLSyntaxError { TOMLSyntaxError(at: position(), message) }

    /// Notes a problem and reads on.
    mutating func record(_ message: String, at position: TOMLPosition) {
        problems.append(TOMLSyntaxError(at: position, message))
    }

    mutating func skipWhitespace() {
        while let b = peek, b == 0x20 || b == 0x09 { index += 1 }
    }

    /// Consumes a line break (LF or CRLF) if one is next.
    mutating func newline() -> Bool {
        if peek == 0x0A {
            index += 1
        } else if peek == 0x0D, peek(1) == 0x0A {
            index += 2
        } else {
            return false
        }
        line += 1
        lineStart = index
        return true
    }

    /// Whitespace and a comment, and with `newlines` any number of line breaks, blank lines and comments.
    mutating func skipTrivia(newlines: Bool) {
        while true {
            skipWhitespace()
            if peek == UInt8(ascii: "#") { comment() }
            guard newlines, newline() else { return }
        }
    }

    /// A comment to the end of its line: any text but control characters.
    private mutating func comment() {
        while let b = peek, b != 0x0A {
            if b == 0x0D, peek(1) == 0x0A { return }
            if b >= 0x80 {
                _ = scalar()
            } else {
                if isControl(b) { record("control character \(hex(b)) in a comment", at: position()) }
                index += 1
            }
        }
    }

    /// After a statement: nothing but whitespace and a comment before the line break or the end.
    mutating func lineEnd(after what: String) throws(TOMLSyntaxError) {
        skipTrivia(newlines: false)
        guard atEnd || newline() else { throw error("unexpected text after \(what); one key per line") }
    }

    /// Skips to the start of the next line (recovery after a statement that could not be read).
    mutating func skipLine() {
        while !atEnd, !newline() { index += 1 }
    }

    /// The scalar at `index` (which must be a non-ASCII lead byte), appended to `scratch` when `keep`; invalid
    /// UTF-8 is a problem at its first byte and is skipped a byte at a time.
    @discardableResult
    mutating func scalar(keep: Bool = false) -> Bool {
        var parser = Unicode.UTF8.ForwardParser()
        var iterator = bytes[index...].makeIterator()
        guard case .valid(let encoded) = parser.parseScalar(from: &iterator) else {
            record("invalid UTF-8 (byte 0x\(String(bytes[index], radix: 16, uppercase: true)))", at: position())
            index += 1
            return false
        }
        if keep { scratch.append(contentsOf: encoded) }
        index += encoded.count
        return true
    }

    /// TOML's control characters: U+0000–U+001F and U+007F, tab excepted.
    func isControl(_ b: UInt8) -> Bool { (b < 0x20 && b != 0x09) || b == 0x7F }

    func hex(_ b: UInt8) -> String {
        let digits = String(b, radix: 16, uppercase: true)
        return "U+" + String(repeating: "0", count: 4 - digits.count) + digits
    }
}
