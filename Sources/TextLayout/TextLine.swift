/// One glyph placed on a line.
public struct PlacedGlyph: Equatable, Sendable {
    /// Index of the face in the chain.
    public var face: Int
    /// Glyph index in that face.
    public var glyph: UInt32
    /// Pen position from the line's start, 26.6.
    public var penX: Int

    /// A glyph at a pen position.
    public init(face: Int, glyph: UInt32, penX: Int) {
        self.face = face
        self.glyph = glyph
        self.penX = penX
    }
}

/// A laid-out single line of text, ready to paint.
public struct TextLine: Equatable, Sendable {
    /// Glyphs in drawing order.
    public var glyphs: [PlacedGlyph]
    /// Total advance, 26.6.
    public var advance: Int
    /// Pixel size the line was laid out at.
    public var pixelSize: Int
    /// Vertical metrics of the chain at that size.
    public var metrics: LineMetrics
    /// True when the text did not fit and ends in an ellipsis.
    public var isTruncated: Bool

    /// A line from its parts (normally made by `LineLayout`).
    public init(glyphs: [PlacedGlyph], advance: Int, pixelSize: Int, metrics: LineMetrics, isTruncated: Bool) {
        self.glyphs = glyphs
        self.advance = advance
        self.pixelSize = pixelSize
        self.metrics = metrics
        self.isTruncated = isTruncated
    }

    /// Width in whole pixels (advance rounded up).
    public var width: Int { (advance + 63) >> 6 }
}
