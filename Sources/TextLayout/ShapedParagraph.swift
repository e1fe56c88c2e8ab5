/// One stretch of a paragraph that one face shapes in one direction and script.
public struct TextRun: Equatable, Sendable {
    /// Index of the face in the chain.
    public var face: Int
    /// The scalars it covers, in logical order.
    public var range: Range<Int>
    /// Its bidi embedding level.
    public var level: UInt8
    /// Its script (neutral characters take their neighbours').
    public var script: ScriptTag
    /// Its glyphs, in visual order, clusters indexing the paragraph's scalars.
    public var glyphs: [ShapedGlyph]

    /// The direction it was shaped in.
    public var direction: TextDirection { TextDirection(level: level) }
    /// Its total advance, 26.6.
    public var advance: Int { glyphs.reduce(0) { $0 + $1.advance } }
}

/// A single line of text itemised and shaped: where each face, direction and script starts and ends, and the
/// glyphs shaping gave each run. Pure: glyphs come from the chain's faces, levels and scripts from its analyzer.
public struct ShapedParagraph: Equatable, Sendable {
    /// The text as shaped: control characters as spaces, within `PreparedText`'s limits.
    public var scalars: [Unicode.Scalar]
    /// Scalar ranges of the grapheme clusters (user-perceived characters), in order.
    public var graphemes: [Range<Int>]
    /// The paragraph's direction (given, or from its first strong character).
    public var direction: TextDirection
    /// The runs in logical order.
    public var runs: [TextRun]

    /// Total advance, 26.6.
    public var advance: Int { runs.reduce(0) { $0 + $1.advance } }

    /// Itemises and shapes `text` at `pixelSize`, in `direction` or the direction its first strong character gives.
    public init(_ text: String, chain: FontChain, pixelSize: Int, direction: TextDirection? = nil) {
        let prepared = PreparedText(text)
        self.init(
            scalars: prepared.scalars, graphemes: prepared.graphemes, chain: chain, pixelSize: pixelSize,
            direction: direction)
    }

    /// Shapes prepared `scalars` split into `graphemes`.
    init(
        scalars: [Unicode.Scalar], graphemes: [Range<Int>], chain: FontChain, pixelSize: Int,
        direction: TextDirection?
    ) {
        self.scalars = scalars
        self.graphemes = graphemes
        guard !chain.faces.isEmpty, !scalars.isEmpty else {
            self.direction = direction ?? .leftToRight
            runs = []
            return
        }
        let bidi = chain.analyzer.bidi(scalars, direction: direction)
        self.direction = bidi.direction
        let ownScripts = scalars.map { chain.analyzer.script(of: $0) }
        let faces = Self.faces(scalars: scalars, graphemes: graphemes, scripts: ownScripts, chain: chain)
        let scripts = Self.resolved(ownScripts)
        // Runs break where the face, level or script of a grapheme changes (a grapheme is never split).
        var runs: [TextRun] = []
        for (g, range) in graphemes.enumerated() {
            let first = range.lowerBound
            let level = bidi.levels.indices.contains(first) ? bidi.levels[first] : bidi.direction.level
            if let last = runs.last, last.face == faces[g], last.level == level, last.script == scripts[first] {
                runs[runs.count - 1].range = last.range.lowerBound..<range.upperBound
            } else {
                runs.append(TextRun(face: faces[g], range: range, level: level, script: scripts[first], glyphs: []))
            }
        }
        for i in runs.indices {
            let r = runs[i]
            runs[i].glyphs = chain.faces[r.face].shape(
                scalars, run: r.range, direction: r.direction, script: r.script, pixelSize: pixelSize)
        }
        self.runs = runs
    }

    /// The face of each grapheme. One of only invisible characters (a joiner) goes with its neighbours; one of
    /// only common characters (a space, a digit, punctuation) stays in the previous grapheme's face when that face
    /// has it, so "مرحبا بكم" is one run in the Arabic face rather than three split at the spaces; emoji go to a
    /// colour face first.
    private static func faces(
        scalars: [Unicode.Scalar], graphemes: [Range<Int>], scripts: [ScriptTag], chain: FontChain
    ) -> [Int] {
        var faces = [Int?](repeating: nil, count: graphemes.count)
        var previous: Int?
        for (g, range) in graphemes.enumerated() {
            let visible = range.filter { !scalars[$0].properties.isDefaultIgnorableCodePoint }
            guard !visible.isEmpty else { continue }
            let common = visible.allSatisfy { scripts[$0].isNeutral }
            let first = scalars[range.lowerBound]
            // Shown as an emoji: by default (😀, ☕) unless U+FE0E asks for text, or when U+FE0F asks for it (❤️).
            let emoji =
                first.properties.isEmoji
                && (scalars[range].contains("\u{FE0F}")
                    || first.properties.isEmojiPresentation && !scalars[range].contains("\u{FE0E}"))
            // Not after an emoji: a colour font's space and digits are emoji-wide.
            if common, !emoji, let p = previous, !chain.faces[p].hasColour,
                visible.allSatisfy({ chain.faces[p].glyphIndex(for: scalars[$0]) != 0 })
            {
                faces[g] = p
            } else {
                faces[g] = chain.face(covering: visible.map { scalars[$0] }, emoji: emoji)
            }
            previous = faces[g]
        }
        // Invisible graphemes: the face before them, else the one after, else the first.
        var last = faces.lazy.compactMap { $0 }.first ?? 0
        return faces.map { f in
            if let f { last = f }
            return f ?? last
        }
    }

    /// Each scalar's script, neutral ones (common, inherited) resolved to the script before them, or after them at
    /// the start of the text.
    private static func resolved(_ raw: [ScriptTag]) -> [ScriptTag] {
        var current = raw.first { !$0.isNeutral } ?? .common
        return raw.map { s in
            if !s.isNeutral { current = s }
            return current
        }
    }
}
