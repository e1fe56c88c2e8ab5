/// Which way a paragraph of text runs.
public enum TextDirection: String, Equatable, Sendable {
    case leftToRight = "ltr"
    case rightToLeft = "rtl"

    /// The direction of text at bidi embedding `level` (odd levels run right to left).
    public init(level: UInt8) {
        self = level & 1 == 0 ? .leftToRight : .rightToLeft
    }

    /// The paragraph embedding level of this direction.
    public var level: UInt8 { self == .leftToRight ? 0 : 1 }
}

/// An ISO 15924 script tag as HarfBuzz and OpenType use it ("Arab", "Deva", "Zyyy"), packed big-endian.
public struct ScriptTag: Hashable, Sendable, CustomStringConvertible {
    public var rawValue: UInt32

    /// A tag from its packed value.
    public init(rawValue: UInt32) { self.rawValue = rawValue }

    /// A tag from its four letters ("Latn").
    public init(_ letters: StaticString) {
        var v: UInt32 = 0
        letters.withUTF8Buffer { for b in $0.prefix(4) { v = v << 8 | UInt32(b) } }
        rawValue = v
    }

    /// Characters shared by many scripts (digits, punctuation, spaces).
    public static let common = ScriptTag("Zyyy")
    /// Characters that take the script of the one before them (combining marks, joiners).
    public static let inherited = ScriptTag("Zinh")
    /// Unassigned or unknown.
    public static let unknown = ScriptTag("Zzzz")

    /// Whether the character takes its script from its neighbours rather than having one of its own.
    public var isNeutral: Bool { self == .common || self == .inherited || self == .unknown }

    /// Scripts whose letters change shape or order by context (joining, conjuncts, reordering), so a font
    /// without OpenType substitutions shows them wrongly.
    static let contextual: Set<ScriptTag> = [
        ScriptTag("Arab"), ScriptTag("Syrc"), ScriptTag("Nkoo"), ScriptTag("Mong"), ScriptTag("Deva"),
        ScriptTag("Beng"), ScriptTag("Guru"), ScriptTag("Gujr"), ScriptTag("Orya"), ScriptTag("Taml"),
        ScriptTag("Telu"), ScriptTag("Knda"), ScriptTag("Mlym"), ScriptTag("Sinh"), ScriptTag("Mymr"),
        ScriptTag("Khmr"), ScriptTag("Tibt"),
    ]

    /// Whether its letters need OpenType substitutions to be shown right (see `contextual`).
    public var needsSubstitutions: Bool { Self.contextual.contains(self) }

    public var description: String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: rawValue >> (24 - 8 * $0)) }, as: UTF8.self)
    }
}

/// The bidi embedding levels of one paragraph and the direction it resolved to.
public struct BidiParagraph: Equatable, Sendable {
    /// The paragraph's direction: the one asked for, else that of its first strong character, else left to right.
    public var direction: TextDirection
    /// One level per scalar (UAX #9): even runs left to right, odd right to left.
    public var levels: [UInt8]

    /// A paragraph from its parts.
    public init(direction: TextDirection, levels: [UInt8]) {
        self.direction = direction
        self.levels = levels
    }
}

/// Unicode character data the layout needs beyond Swift's: bidi levels and scripts. Implemented over FriBidi
/// and HarfBuzz by GlyphText, and by fakes in tests.
public protocol TextAnalyzer: AnyObject {
    /// The embedding levels of `scalars` as one paragraph, in `direction` or, when nil, the direction of its
    /// first strong character (rules P2–P3). Trailing whitespace takes the paragraph's level (rule L1).
    func bidi(_ scalars: [Unicode.Scalar], direction: TextDirection?) -> BidiParagraph
    /// The Unicode Script property of `scalar`.
    func script(of scalar: Unicode.Scalar) -> ScriptTag
}
