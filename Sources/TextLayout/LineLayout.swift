/// Lays out one line of text over a `FontChain`: pen advance, kerning between glyphs of the same face, and an
/// ellipsis when the line is wider than allowed. Pure: all metrics come from the faces.
public enum LineLayout {
    /// The horizontal ellipsis, U+2026; three full stops stand in when no face has it.
    static let ellipsis: Unicode.Scalar = "\u{2026}"

    private struct Shaped {
        var scalar: Unicode.Scalar
        var face: Int
        var glyph: UInt32
        var advance: Int
    }

    /// Lays out `text` at `pixelSize` on one line. Line breaks and other control characters become spaces.
    /// With `maxWidth` (pixels), text that does not fit is cut at a glyph boundary, trailing spaces dropped,
    /// and an ellipsis added so the whole stays within `maxWidth`.
    public static func layout(_ text: String, chain: FontChain, pixelSize: Int, maxWidth: Int? = nil) -> TextLine {
        let scalars = text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 }
        let shaped = shape(scalars, chain: chain, pixelSize: pixelSize)
        let metrics = chain.lineMetrics(pixelSize: pixelSize, faces: Set(shaped.map(\.face)))
        var pens: [Int] = []
        pens.reserveCapacity(shaped.count)
        var pen = 0
        for (i, g) in shaped.enumerated() {
            if i > 0 { pen += kerning(shaped[i - 1], g, chain: chain, pixelSize: pixelSize) }
            pens.append(pen)
            pen += g.advance
        }
        let limit = maxWidth.map { max(0, $0) << 6 }
        guard let limit, pen > limit else {
            let glyphs = zip(shaped, pens).map { PlacedGlyph(face: $0.face, glyph: $0.glyph, penX: $1) }
            return TextLine(glyphs: glyphs, advance: pen, pixelSize: pixelSize, metrics: metrics, isTruncated: false)
        }
        let dots = shape(
            chain.covers(ellipsis) ? [ellipsis] : [".", ".", "."], chain: chain, pixelSize: pixelSize)
        let dotsAdvance = dots.reduce(0) { $0 + $1.advance }
        // Keep the longest prefix whose end pen plus the ellipsis fits.
        var keep = shaped.count
        while keep > 0 && pens[keep - 1] + shaped[keep - 1].advance + dotsAdvance > limit { keep -= 1 }
        while keep > 0 && shaped[keep - 1].scalar.properties.isWhitespace { keep -= 1 }
        var glyphs = (0..<keep).map { PlacedGlyph(face: shaped[$0].face, glyph: shaped[$0].glyph, penX: pens[$0]) }
        pen = keep > 0 ? pens[keep - 1] + shaped[keep - 1].advance : 0
        guard pen + dotsAdvance <= limit else {
            return TextLine(glyphs: [], advance: 0, pixelSize: pixelSize, metrics: metrics, isTruncated: true)
        }
        for d in dots {
            glyphs.append(PlacedGlyph(face: d.face, glyph: d.glyph, penX: pen))
            pen += d.advance
        }
        return TextLine(glyphs: glyphs, advance: pen, pixelSize: pixelSize, metrics: metrics, isTruncated: true)
    }

    /// Lays out `text` at `points` × `scale` (pixels per point), rounded to whole pixels; see the pixel variant.
    public static func layout(_ text: String, chain: FontChain, points: Double, scale: Double, maxWidth: Int? = nil)
        -> TextLine
    {
        layout(text, chain: chain, pixelSize: pixelSize(points: points, scale: scale), maxWidth: maxWidth)
    }

    /// The whole-pixel size for `points` at `scale` pixels per point (at least 1).
    public static func pixelSize(points: Double, scale: Double) -> Int {
        let px = (points * scale).rounded()
        return px.isFinite ? max(1, Int(min(px, 4096))) : 1
    }

    /// The distinct characters of `text` that no face of `chain` has, in order: they show as missing-glyph boxes.
    /// Invisible format characters (emoji variation selectors, joiners) are left out: they are skipped, not boxed.
    public static func uncovered(_ text: String, chain: FontChain) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { s in
            s.properties.generalCategory != .control && !chain.covers(s) && !isSkippable(s, chain: chain)
                && seen.insert(s).inserted
        }
    }

    /// A format character no face draws (U+FE0F after an emoji, U+200D between emoji) is dropped, not boxed.
    private static func isSkippable(_ s: Unicode.Scalar, chain: FontChain) -> Bool {
        s.properties.isDefaultIgnorableCodePoint && !chain.covers(s)
    }

    private static func shape(_ scalars: [Unicode.Scalar], chain: FontChain, pixelSize: Int) -> [Shaped] {
        scalars.compactMap { s in
            guard !isSkippable(s, chain: chain), let r = chain.resolve(s) else { return nil }
            let advance = chain.image(face: r.face, glyph: r.glyph, pixelSize: pixelSize)?.advance ?? 0
            return Shaped(scalar: s, face: r.face, glyph: r.glyph, advance: advance)
        }
    }

    /// Kerning applies only within one face: a pair split across fallback faces has no kerning data.
    private static func kerning(_ a: Shaped, _ b: Shaped, chain: FontChain, pixelSize: Int) -> Int {
        guard a.face == b.face, chain.faces.indices.contains(a.face) else { return 0 }
        return chain.faces[a.face].kerning(a.glyph, b.glyph, pixelSize: pixelSize)
    }
}
