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
    /// A glyph's image and where it goes: left edge from the line's start, top edge above the baseline.
    private typealias Placed = (image: GlyphImage, x: Int, top: Int)

    /// The coverage of `line` as one mask (colour glyphs by their alpha), plus where the pen started and the
    /// baseline lie inside it.
    public static func mask(_ line: TextLine, chain: FontChain, padding: Int = 0) -> (
        mask: AlphaMask, penX: Int, baseline: Int
    ) {
        let placed = place(line, chain: chain, padding: padding)
        return (
            coverage(placed.glyphs, size: placed.size, penX: placed.penX, baseline: placed.baseline),
            placed.penX, placed.baseline
        )
    }

    /// Draws `line` with its pen starting at (x, baseline) in `bitmap`, shadow first when given. Colour glyphs
    /// (emoji) are drawn in their own colours, over the shadow like the rest.
    public static func draw(
        _ line: TextLine, chain: FontChain, into bitmap: inout Bitmap, x: Int, baseline: Int, color: Color,
        shadow: TextShadow? = nil
    ) {
        for layer in layers(line, chain: chain, x: x, baseline: baseline, color: color, shadow: shadow) {
            bitmap.draw(layer.bitmap, x: layer.x, y: layer.y)
        }
    }

    /// What `draw` lays over a bitmap, in order (the shadow, the text, each colour glyph), premultiplied and
    /// placed: laid over any number of bitmaps, they give each the same pixels `draw` would, without laying the
    /// line out, rasterising or blurring again.
    public static func layers(
        _ line: TextLine, chain: FontChain, x: Int, baseline: Int, color: Color, shadow: TextShadow? = nil
    ) -> [BitmapLayer] {
        let p = place(line, chain: chain, padding: shadow.map { $0.blurRadius + 1 } ?? 0)
        let left = x - p.penX
        let top = baseline - p.baseline
        let plain = p.glyphs.filter { $0.image.colour == nil }
        let text = coverage(plain, size: p.size, penX: p.penX, baseline: p.baseline)
        var layers: [BitmapLayer] = []
        if let shadow {
            // Colour glyphs cast a shadow too; without any, the text's own mask is the whole line's.
            let all =
                plain.count == p.glyphs.count
                ? text : coverage(p.glyphs, size: p.size, penX: p.penX, baseline: p.baseline)
            layers.append(
                BitmapLayer(
                    Bitmap(all.blurred(radius: shadow.blurRadius), color: shadow.color), x: left + shadow.offsetX,
                    y: top + shadow.offsetY))
        }
        layers.append(BitmapLayer(Bitmap(text, color: color), x: left, y: top))
        for g in p.glyphs {
            guard let colour = g.image.colour else { continue }
            layers.append(BitmapLayer(colour, x: left + p.penX + g.x, y: top + p.baseline - g.top))
        }
        return layers
    }

    /// Every glyph's image and place, and the box around them (the line's metrics at least, `padding` around).
    private static func place(_ line: TextLine, chain: FontChain, padding: Int) -> (
        glyphs: [Placed], size: (width: Int, height: Int), penX: Int, baseline: Int
    ) {
        var placed: [Placed] = []
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
        return (placed, (maxX - minX + 2 * pad, top + bottom + 2 * pad), pad - minX, pad + top)
    }

    private static func coverage(_ glyphs: [Placed], size: (width: Int, height: Int), penX: Int, baseline: Int)
        -> AlphaMask
    {
        var mask = AlphaMask(width: size.width, height: size.height)
        for p in glyphs {
            mask.merge(
                p.image.coverage, width: p.image.width, height: p.image.height, x: penX + p.x, y: baseline - p.top)
        }
        return mask
    }
}
