/// An ordered list of faces tried in turn for each character: the first face that has a glyph for it draws it
/// (e.g. DejaVu Sans Bold for Latin and Cyrillic, then WenQuanYi Zen Hei for CJK).
public final class FontChain {
    /// The faces, most preferred first.
    public let faces: [any FontFace]
    /// Rendered glyphs shared by everything drawn with this chain.
    public let cache: GlyphCache

    /// A chain over `faces` (should not be empty: an empty chain lays out nothing).
    public init(faces: [any FontFace], cache: GlyphCache = GlyphCache()) {
        self.faces = faces
        self.cache = cache
    }

    /// The face index and glyph for `scalar`: the first face that has it, else the first face's missing-glyph
    /// box (glyph 0), so a missing character shows as a box rather than vanishing. Nil for an empty chain.
    public func resolve(_ scalar: Unicode.Scalar) -> (face: Int, glyph: UInt32)? {
        for (i, face) in faces.enumerated() {
            let g = face.glyphIndex(for: scalar)
            if g != 0 { return (i, g) }
        }
        return faces.isEmpty ? nil : (0, 0)
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
