/// An ordered list of faces tried in turn for each character: the first face that has every character of a
/// grapheme draws it (e.g. DejaVu Sans Bold for Latin and Cyrillic, Noto Sans Arabic, then WenQuanYi Zen Hei for
/// CJK), with the Unicode data (bidi levels, scripts) that lines set in it need.
public final class FontChain {
    /// The faces, most preferred first.
    public let faces: [any FontFace]
    /// Bidi levels and scripts for the text laid out in this chain.
    public let analyzer: any TextAnalyzer
    /// Rendered glyphs shared by everything drawn with this chain.
    public let cache: GlyphCache

    /// A chain over `faces` (should not be empty: an empty chain lays out nothing).
    public init(faces: [any FontFace], analyzer: any TextAnalyzer, cache: GlyphCache = GlyphCache()) {
        self.faces = faces
        self.analyzer = analyzer
        self.cache = cache
    }

    /// The face for one grapheme's visible scalars: the first face that has all of them, else the first that has
    /// its base character (a mark missing from it shows as a box beside a readable letter), else the first face,
    /// whose missing-glyph box shows that something is missing. Nil for an empty chain.
    public func face(covering scalars: [Unicode.Scalar]) -> Int? {
        guard !faces.isEmpty else { return nil }
        if let i = faces.firstIndex(where: { f in scalars.allSatisfy { f.glyphIndex(for: $0) != 0 } }) { return i }
        if let base = scalars.first, let i = faces.firstIndex(where: { $0.glyphIndex(for: base) != 0 }) { return i }
        return 0
    }

    /// True when some face has a real glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        faces.contains { $0.glyphIndex(for: scalar) != 0 }
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
