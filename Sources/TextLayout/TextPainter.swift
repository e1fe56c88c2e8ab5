import Raster

/// A soft shadow under text, in pixels.
public struct TextShadow: Equatable, Sendable {
    /// Shadow colour (its alpha sets the strength).
    public var color: Color
    /// Offset from the text, pixels (positive is right and down).
    public var offsetX: Int
    public var offsetY: Int
    /// Box-blur radius, pixels.
    public var blurRadius: Int

    /// A shadow from its parts.
    public init(color: Color, offsetX: Int, offsetY: Int, blurRadius: Int) {
        self.color = color
        self.offsetX = offsetX
        self.offsetY = offsetY
        self.blurRadius = blurRadius
    }

    /// The subtle shadow bannerd puts under white text at `pixelSize`: 40 % black, about 1/16 of the size
    /// down and right, blurred as much again.
    public static func subtle(pixelSize: Int) -> TextShadow {
        let d = max(1, (pixelSize + 8) / 16)
        return TextShadow(color: Color(red: 0, green: 0, blue: 0, alpha: 102), offsetX: d, offsetY: d, blurRadius: d)
    }
}

/// Paints laid-out lines onto bitmaps.
public enum TextPainter {
    /// The coverage of `line` as one mask, plus where the pen started and the baseline lie inside it.
    public static func mask(_ line: TextLine, chain: FontChain, padding: Int = 0) -> (
        mask: AlphaMask, penX: Int, baseline: Int
    ) {
        var placed: [(image: GlyphImage, x: Int, top: Int)] = []
        var minX = 0
        var maxX = line.width
        var top = line.metrics.ascender
        var bottom = line.metrics.descender
        for g in line.glyphs {
            guard let image = chain.image(face: g.face, glyph: g.glyph, pixelSize: line.pixelSize) else { continue }
            let x = ((g.penX + 32) >> 6) + image.left
            let glyphTop = image.top + ((g.penY + 32) >> 6)
            placed.append((image, x, glyphTop))
            minX = min(minX, x)
            maxX = max(maxX, x + image.width)
            top = max(top, glyphTop)
            bottom = max(bottom, image.height - glyphTop)
        }
        let pad = max(0, padding)
        var mask = AlphaMask(width: maxX - minX + 2 * pad, height: top + bottom + 2 * pad)
        let penX = pad - minX
        let baseline = pad + top
        for p in placed {
            mask.merge(
                p.image.coverage, width: p.image.width, height: p.image.height, x: penX + p.x, y: baseline - p.top
            )
        }
        return (mask, penX, baseline)
    }

    /// Draws `line` with its pen starting at (x, baseline) in `bitmap`, shadow first when given.
    public static func draw(
        _ line: TextLine, chain: FontChain, into bitmap: inout Bitmap, x: Int, baseline: Int, color: Color,
        shadow: TextShadow? = nil
    ) {
        let pad = shadow.map { $0.blurRadius + 1 } ?? 0
        let m = mask(line, chain: chain, padding: pad)
        let left = x - m.penX
        let top = baseline - m.baseline
        if let shadow {
            bitmap.draw(
                m.mask.blurred(radius: shadow.blurRadius), color: shadow.color, x: left + shadow.offsetX,
                y: top + shadow.offsetY)
        }
        bitmap.draw(m.mask, color: color, x: left, y: top)
    }
}
