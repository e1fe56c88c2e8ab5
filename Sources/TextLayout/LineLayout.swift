/// Lays out one line of text over a `FontChain` as a browser lays out a single line: shaped runs per face,
/// direction and script, put in visual order by the bidi levels, and an ellipsis at the logical end (the left for
/// right-to-left text) when the line is wider than allowed. Pure: glyphs and Unicode data come from the chain.
public enum LineLayout {
    /// The horizontal ellipsis, U+2026; three full stops stand in when no face has it.
    static let ellipsis: Unicode.Scalar = "\u{2026}"
    /// Shorter cuts tried when a shortened line shapes wider than its estimate (joining forms change at the cut)
    /// before settling for the ellipsis alone.
    static let cutAttempts = 8

    /// Lays out `text` at `pixelSize` on one line, in `direction` or the direction of its first strong character.
    /// Line breaks and other control characters become spaces. With `maxWidth` (pixels), text that does not fit is
    /// cut between grapheme clusters, trailing spaces dropped, and an ellipsis added so the whole stays within it.
    public static func layout(
        _ text: String, chain: FontChain, pixelSize: Int, maxWidth: Int? = nil, direction: TextDirection? = nil
    ) -> TextLine {
        let paragraph = ShapedParagraph(text, chain: chain, pixelSize: pixelSize, direction: direction)
        guard let maxWidth, paragraph.advance > max(0, maxWidth) << 6 else {
            return line(paragraph, chain: chain, pixelSize: pixelSize, isTruncated: false)
        }
        return truncated(paragraph, chain: chain, pixelSize: pixelSize, limit: max(0, maxWidth) << 6)
    }

    /// Lays out `text` at `points` × `scale` (pixels per point), rounded to whole pixels; see the pixel variant.
    public static func layout(
        _ text: String, chain: FontChain, points: Double, scale: Double, maxWidth: Int? = nil,
        direction: TextDirection? = nil
    ) -> TextLine {
        layout(
            text, chain: chain, pixelSize: pixelSize(points: points, scale: scale), maxWidth: maxWidth,
            direction: direction)
    }

    /// The whole-pixel size for `points` at `scale` pixels per point (at least 1).
    public static func pixelSize(points: Double, scale: Double) -> Int {
        let px = (points * scale).rounded()
        return px.isFinite ? max(1, Int(min(px, 4096))) : 1
    }

    /// The distinct characters of `text` that no face of `chain` has, in order: they show as missing-glyph boxes.
    /// Invisible format characters (emoji variation selectors, joiners, bidi controls) are left out: they draw
    /// nothing.
    public static func uncovered(_ text: String, chain: FontChain) -> [Unicode.Scalar] {
        var seen = Set<Unicode.Scalar>()
        return text.unicodeScalars.filter { s in
            s.properties.generalCategory != .control && !s.properties.isDefaultIgnorableCodePoint
                && !chain.covers(s) && seen.insert(s).inserted
        }
    }

    /// The longest logical start of `paragraph` that fits `limit` (26.6) with an ellipsis after it. Cuts fall only
    /// where a grapheme starts and no shaped cluster (a ligature, a conjunct) spans, and the cut text is shaped
    /// anew in the paragraph's direction, so its last letter takes the form it has at an end.
    private static func truncated(_ paragraph: ShapedParagraph, chain: FontChain, pixelSize: Int, limit: Int)
        -> TextLine
    {
        let dots: [Unicode.Scalar] = chain.covers(ellipsis) ? [ellipsis] : [".", ".", "."]
        var clusters = Set(paragraph.runs.map(\.range.lowerBound))
        var widths: [Int: Int] = [:]
        for run in paragraph.runs {
            for g in run.glyphs {
                clusters.insert(g.cluster)
                widths[g.cluster, default: 0] += g.advance
            }
        }
        let dotsAlone = ShapedParagraph(
            scalars: dots, graphemes: dots.indices.map { $0..<$0 + 1 }, chain: chain, pixelSize: pixelSize,
            direction: paragraph.direction)
        // Width of the text before each cut, from the whole line's shaping.
        let cuts = paragraph.graphemes.map(\.lowerBound).filter(clusters.contains)
        var before: [Int] = []
        var sum = 0
        var next = 0
        for cut in cuts {
            while next < cut {
                sum += widths[next] ?? 0
                next += 1
            }
            before.append(sum)
        }
        var attempts = 0
        for i in cuts.indices.reversed() where before[i] + dotsAlone.advance <= limit {
            var end = cuts[i]
            while end > 0 && paragraph.scalars[end - 1].properties.isWhitespace { end -= 1 }
            let kept = paragraph.graphemes.prefix { $0.upperBound <= end }
            let shortened = ShapedParagraph(
                scalars: Array(paragraph.scalars[..<end]) + dots,
                graphemes: Array(kept) + dots.indices.map { end + $0..<end + $0 + 1 }, chain: chain,
                pixelSize: pixelSize, direction: paragraph.direction)
            if shortened.advance <= limit {
                return line(shortened, chain: chain, pixelSize: pixelSize, isTruncated: true)
            }
            attempts += 1
            if attempts == cutAttempts { break }
        }
        guard dotsAlone.advance <= limit else {
            return TextLine(
                glyphs: [], advance: 0, pixelSize: pixelSize,
                metrics: chain.lineMetrics(pixelSize: pixelSize, faces: []), isTruncated: true,
                direction: paragraph.direction)
        }
        return line(dotsAlone, chain: chain, pixelSize: pixelSize, isTruncated: true)
    }

    /// The paragraph's glyphs placed left to right: runs in the order rule L2 gives, each run's glyphs as shaped.
    private static func line(_ paragraph: ShapedParagraph, chain: FontChain, pixelSize: Int, isTruncated: Bool)
        -> TextLine
    {
        var glyphs: [PlacedGlyph] = []
        glyphs.reserveCapacity(paragraph.runs.reduce(0) { $0 + $1.glyphs.count })
        var pen = 0
        for r in BidiReorder.visualOrder(levels: paragraph.runs.map(\.level)) {
            let run = paragraph.runs[r]
            for g in run.glyphs {
                glyphs.append(PlacedGlyph(face: run.face, glyph: g.glyph, penX: pen + g.offsetX, penY: g.offsetY))
                pen += g.advance
            }
        }
        return TextLine(
            glyphs: glyphs, advance: pen, pixelSize: pixelSize,
            metrics: chain.lineMetrics(pixelSize: pixelSize, faces: Set(paragraph.runs.map(\.face))),
            isTruncated: isTruncated, direction: paragraph.direction)
    }
}
