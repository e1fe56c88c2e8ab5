import Raster

/// One rendered glyph: its coverage mask and the metrics layout needs.
///
/// Lengths marked 26.6 are in 1/64 pixel, FreeType's fixed-point unit, so pen positions add up exactly.
public struct GlyphImage: Sendable {
    /// Horizontal advance to the next pen position, 26.6.
    public var advance: Int
    /// Mask left edge relative to the pen, pixels.
    public var left: Int
    /// Mask top edge above the baseline, pixels (positive is up).
    public var top: Int
    /// Mask size in pixels.
    public var width: Int
    public var height: Int
    /// `width × height` coverage bytes, row-major, 0 = none, 255 = full (a colour glyph's alpha).
    public var coverage: [UInt8]
    /// A colour glyph's own pixels (an emoji), drawn as they are rather than in the text's colour.
    public var colour: Bitmap?

    /// A glyph image from its metrics and coverage.
    public init(advance: Int, left: Int, top: Int, width: Int, height: Int, coverage: [UInt8]) {
        self.advance = advance
        self.left = left
        self.top = top
        self.width = width
        self.height = height
        self.coverage = coverage
    }

    /// A colour glyph: its pixels, and their alpha as coverage (for the shadow under it).
    public init(advance: Int, left: Int, top: Int, colour: Bitmap) {
        self.init(
            advance: advance, left: left, top: top, width: colour.width, height: colour.height,
            coverage: colour.pixels.map { UInt8(truncatingIfNeeded: $0 >> 24) })
        self.colour = colour
    }
}

/// Vertical metrics of a face at one pixel size, in pixels.
public struct LineMetrics: Equatable, Sendable {
    /// Distance from the baseline up to the top of tall glyphs.
    public var ascender: Int
    /// Distance from the baseline down to the bottom of descenders (positive).
    public var descender: Int

    /// Metrics in pixels.
    public init(ascender: Int, descender: Int) {
        self.ascender = ascender
        self.descender = descender
    }

    /// Ascender plus descender.
    public var height: Int { ascender + descender }
}

/// One glyph a shaper produced, in visual order within its run.
public struct ShapedGlyph: Equatable, Sendable {
    /// Glyph index in the face (0 is the missing-glyph box).
    public var glyph: UInt32
    /// Index of the first scalar of the text this glyph stands for (its cluster); a ligature or a conjunct
    /// covers every scalar up to the next cluster.
    public var cluster: Int
    /// Pen advance, 26.6.
    public var advance: Int
    /// Offset from the pen, 26.6 (y positive is up): where marks sit on their base.
    public var offsetX: Int
    public var offsetY: Int

    /// A shaped glyph from its parts.
    public init(glyph: UInt32, cluster: Int, advance: Int, offsetX: Int = 0, offsetY: Int = 0) {
        self.glyph = glyph
        self.cluster = cluster
        self.advance = advance
        self.offsetX = offsetX
        self.offsetY = offsetY
    }
}

/// A font the layout can ask for glyphs: implemented over FreeType and HarfBuzz by GlyphText, and by fakes in
/// tests.
public protocol FontFace: AnyObject {
    /// A name for messages (usually the file path).
    var name: String { get }
    /// True when its glyphs come in colour (an emoji font): preferred for emoji presentation.
    var hasColour: Bool { get }
    /// True when it has OpenType substitutions (GSUB): without them Arabic does not join and Indic conjuncts do
    /// not form.
    var hasSubstitutions: Bool { get }
    /// The glyph for a Unicode scalar, or 0 when the face lacks it (FreeType's convention): coverage only, the
    /// glyphs drawn come from `shape`.
    func glyphIndex(for scalar: Unicode.Scalar) -> UInt32
    /// Shapes `text[run]` in one direction and script at `pixelSize`, with the rest of `text` as context (Arabic
    /// joins across a run's edge): glyphs in visual order, clusters indexing `text`. Default-ignorable characters
    /// (joiners, variation selectors, bidi controls) leave no glyph.
    func shape(
        _ text: [Unicode.Scalar], run: Range<Int>, direction: TextDirection, script: ScriptTag, pixelSize: Int
    ) -> [ShapedGlyph]
    /// Ascender and descender at `pixelSize`.
    func lineMetrics(pixelSize: Int) -> LineMetrics
    /// The rendered glyph at `pixelSize`, or nil when it cannot be rendered.
    func glyph(_ index: UInt32, pixelSize: Int) -> GlyphImage?
}
