/// An ordered list of faces tried in turn for each character: the first face that has every character of a
/// grapheme draws it (e.g. DejaVu Sans Bold for Latin and Cyrillic, then WenQuanYi Zen Hei for CJK), then what
/// the fallback finds among the installed fonts (Noto Sans Devanagari for Hindi), with the Unicode data (bidi
/// levels, scripts) that lines set in it need.
public final class FontChain {
    /// The configured faces, most preferred first, then the fallback's faces in the order they were first needed.
    public private(set) var faces: [any FontFace]
    /// Bidi levels and scripts for the text laid out in this chain.
    public let analyzer: any TextAnalyzer
    /// Rendered glyphs shared by everything drawn with this chain.
    public let cache: GlyphCache
    /// Installed fonts to look in when no face has a character; nil for the configured faces only.
    private let fallback: (any FontFallback)?

    /// A chain over `faces` (should not be empty: an empty chain lays out nothing), falling back on `fallback`.
    public init(
        faces: [any FontFace], analyzer: any TextAnalyzer, fallback: (any FontFallback)? = nil,
        cache: GlyphCache = GlyphCache()
    ) {
        self.faces = faces
        self.analyzer = analyzer
        self.fallback = fallback
        self.cache = cache
    }

    /// The face for one grapheme's visible scalars: the first face that has all of them, else one the fallback
    /// finds (added to the chain), else the first that has its base character (a mark missing from it shows as a
    /// box beside a readable letter), else the first face, whose missing-glyph box shows that something is
    /// missing. Nil for an empty chain: with no font configured, text is off, and the fallback is not asked.
    /// With `emoji` (a character shown as an emoji by default, or asked for with U+FE0F), a colour face that
    /// has it all comes first, so 😀 and ☕️ are drawn in colour even where a text font has a plain one.
    public func face(covering scalars: [Unicode.Scalar], emoji: Bool = false) -> Int? {
        guard !faces.isEmpty else { return nil }
        func hasAll(_ f: any FontFace) -> Bool { scalars.allSatisfy { f.glyphIndex(for: $0) != 0 } }
        if emoji, let i = faces.firstIndex(where: { $0.hasColour && hasAll($0) }) { return i }
        if let i = faces.firstIndex(where: hasAll) { return i }
        if let found = fallback?.face(covering: scalars) {
            if let i = faces.firstIndex(where: { $0 === found }) { return i }
            faces.append(found)
            return faces.count - 1
        }
        if let base = scalars.first, let i = faces.firstIndex(where: { $0.glyphIndex(for: base) != 0 }) { return i }
        return 0
    }

    /// The fallback's problems since the last call (see `FontFallback.takeProblems`).
    public func takeFallbackProblems() -> [String] { fallback?.takeProblems() ?? [] }

    /// True when some face, or an installed font the fallback finds, has a real glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        guard !faces.isEmpty else { return false }
        return faces.contains { $0.glyphIndex(for: scalar) != 0 } || fallback?.face(covering: [scalar]) != nil
    }

    /// The rendered glyph `glyph` of face `face`, through the cache.
    public func image(face: Int, glyph: UInt32, pixelSize: Int) -> GlyphImage? {
        guard faces.indices.contains(face) else { return nil }
        return cache.glyph(glyph, of: faces[face], pixelSize: pixelSize)
    }

    /// Vertical metrics for a line set in `used` faces (all of them by default): the largest ascender and
    /// descender among those and the first face, so a mixed-script line gets room for its glyphs while a line
    /// in the first face alone is not spaced for a fallback (an emoji font's tall metrics) it never uses.
    public func lineMetrics(pixelSize: Int, faces used: Set<Int>? = nil) -> LineMetrics {
        var m = LineMetrics(ascender: 0, descender: 0)
        for (i, f) in faces.enumerated() where i == 0 || used?.contains(i) ?? true {
            let l = f.lineMetrics(pixelSize: pixelSize)
            m.ascender = max(m.ascender, l.ascender)
            m.descender = max(m.descender, l.descender)
        }
        return m
    }
}
