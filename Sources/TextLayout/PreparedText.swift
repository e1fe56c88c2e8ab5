/// Text as the layout takes it, bounded whatever it is given: control characters as spaces, at most
/// `maxScalars`, at most `maxMarksInARow` combining marks on one letter, split into grapheme clusters; and what
/// of it shows otherwise than written, for a warning naming the banner.
public struct PreparedText: Equatable, Sendable {
    /// Most scalars laid out: a line shows a few hundred at most, and this bounds shaping of hostile input.
    public static let maxScalars = 2000
    /// Most combining marks kept in a row: Unicode's stream-safe limit (UAX #15), so a letter buried under
    /// hundreds of marks costs no more than a normal one.
    public static let maxMarksInARow = 30

    /// The scalars kept.
    public var scalars: [Unicode.Scalar] = []
    /// Scalar ranges of the grapheme clusters (user-perceived characters), in order.
    public var graphemes: [Range<Int>] = []
    /// Combining marks left out past `maxMarksInARow`.
    public var marksDropped = 0
    /// The bidi embedding, override and isolate controls it holds (U+202A–U+202E, U+2066–U+2069), each once:
    /// they reorder the text after them, and an override can disguise it ("invoice‮fdp.exe" shows as
    /// "invoiceexe.pdf").
    public var bidiControls: [Unicode.Scalar] = []

    /// `text` prepared.
    public init(_ text: String) {
        var marks = 0
        for character in text {
            let start = scalars.count
            for s in character.unicodeScalars {
                if (0x202A...0x202E).contains(s.value) || (0x2066...0x2069).contains(s.value),
                    !bidiControls.contains(s)
                {
                    bidiControls.append(s)
                }
                guard scalars.count < Self.maxScalars else { continue }
                marks = s.properties.canonicalCombiningClass == .notReordered ? 0 : marks + 1
                guard marks <= Self.maxMarksInARow else {
                    marksDropped += 1
                    continue
                }
                scalars.append(s.properties.generalCategory == .control ? " " : s)
            }
            if scalars.count > start { graphemes.append(start..<scalars.count) }
        }
    }
}
