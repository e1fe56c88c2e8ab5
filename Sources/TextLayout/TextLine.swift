/// One glyph placed on a line.
public struct PlacedGlyph: Equatable, Sendable {
    /// Index of the face in the chain.
    public var face: Int
    /// Glyph index in that face.
    public var glyph: UInt32
    /// Pen position from the line's start, 26.6.
    public var penX: Int
    /// Height above the baseline, 26.6 (a mark raised onto its base, a subscript lowered).
    public var penY: Int

    /// A glyph at a pen position.
    public init(face: Int, glyph: UInt32, penX: Int, penY: Int = 0) {
        self.face = face
        self.glyph = glyph
        self.penX = penX
        self.penY = penY
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
    /// The paragraph's direction: a right-to-left line is set against the right edge.
    public var direction: TextDirection

    /// A line from its parts (normally made by `LineLayout`).
    public init(
        glyphs: [PlacedGlyph], advance: Int, pixelSize: Int, metrics: LineMetrics, isTruncated: Bool,
        direction: TextDirection = .leftToRight
    ) {
        self.glyphs = glyphs
        self.advance = advance
        self.pixelSize = pixelSize
        self.metrics = metrics
        self.isTruncated = isTruncated
        self.direction = direction
    }

    /// Width in whole pixels (advance rounded up).
    public var width: Int { (advance + 63) >> 6 }
}
