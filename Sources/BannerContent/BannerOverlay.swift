import Raster

/// What lies over a banner's picture, drawn once per banner and size (`BannerRenderer.overlay`): the scrim behind the
/// text, the title and subtitle with their shadows, and the rounded corners. A video or an animation lays it over
/// each of its frames (`apply`): the pixels drawing the text into each frame would give, without laying the text
/// out, rasterising or blurring it again.
public struct BannerOverlay: Sendable {
    /// The scrim's colour over each row from the top (none without artwork).
    let scrim: [Color]
    /// The text: shadows, glyphs and colour glyphs, in the order they are laid.
    let layers: [BitmapLayer]
    /// The corners, measured once for every frame the overlay is laid on.
    let corners: CornerMask

    /// Lays the overlay over `bitmap`, the banner's picture at its size.
    public func apply(to bitmap: inout Bitmap) {
        for (y, color) in zip(0..<bitmap.height, scrim) {
            bitmap.blend(PixelRect(x: 0, y: y, width: bitmap.width, height: 1), with: color)
        }
        for layer in layers { bitmap.draw(layer.bitmap, x: layer.x, y: layer.y) }
        bitmap.roundCorners(corners)
    }
}

/// What finishes a banner over its picture: the overlay laid step by step (a still), or flattened into one layer
/// over the carousel's background (a video's frames: `OverlayLayer`).
public enum BannerFinish: Sendable {
    case overlay(BannerOverlay)
    case layer(OverlayLayer)

    /// Lays it over `bitmap`, the banner's opaque picture at its size.
    public func apply(to bitmap: inout Bitmap) {
        switch self {
        case .overlay(let overlay): overlay.apply(to: &bitmap)
        case .layer(let layer): layer.apply(to: &bitmap)
        }
    }
}
