import Raster

/// A banner's overlay flattened into one premultiplied layer over its picture: the scrim and the text as
/// `BannerOverlay` lays them, and at the rounded corners the carousel's background where the banner does not
/// reach. A display plane above a video's plane shows this layer (issue 45), and the composed path lays it over each
/// of the video's frames, so that both paths show the same pixels: one layer over an opaque picture is blended alike
/// by bannerd's composer and by the display hardware (vkms: `kmscheck --blend`).
///
/// Only the rows with something in them are kept: the top band (scrim, text, top corners) and the bottom band (the
/// bottom corners); the rows between are transparent.
public struct OverlayLayer: Sendable {
    public let width: Int
    public let height: Int
    /// Rows 0 up to the top band's height.
    let top: Bitmap
    /// The last rows, from `bottomStart`.
    let bottom: Bitmap
    let bottomStart: Int

    /// `overlay` for a `width × height` banner, flattened over `background` at its corners.
    public init(_ overlay: BannerOverlay, width: Int, height: Int, background: Color) {
        let radius = overlay.corners.radius
        let textBottom = overlay.layers.map { $0.y + $0.bitmap.height }.max() ?? 0
        let topRows = max(0, min(height, max(radius, overlay.scrim.count, textBottom)))
        self.width = width
        self.height = height
        bottomStart = max(topRows, height - radius)
        let background = background.opaque.premultipliedARGB
        func rows(_ range: Range<Int>) -> Bitmap {
            var band = Bitmap(width: width, height: range.count)
            for (y, color) in zip(range, overlay.scrim[min(range.lowerBound, overlay.scrim.count)...]) {
                band.blend(PixelRect(x: 0, y: y - range.lowerBound, width: width, height: 1), with: color)
            }
            for layer in overlay.layers { band.draw(layer.bitmap, x: layer.x, y: layer.y - range.lowerBound) }
            // The corners: a column from each side, over the band's rows.
            for y in range {
                for x in Array(0..<min(radius, width)) + Array(max(radius, width - radius)..<width) {
                    let coverage = overlay.corners.coverage(x: x, y: y, width: width, height: height)
                    guard coverage < 255 else { continue }
                    let at = y - range.lowerBound
                    band[x, at] = PixelMath.cover(band[x, at], by: UInt32(coverage), background: background)
                }
            }
            return band
        }
        top = rows(0..<topRows)
        bottom = rows(bottomStart..<height)
    }

    /// Writes the layer into `target`, an ARGB8888 buffer of the banner's size (a display plane's above the picture's,
    /// issue 45): premultiplied, as the bands hold it, and transparent between them. Rows in order, each byte once
    /// (scanout memory is write-combined).
    public func write(into target: PixelBuffer) {
        for y in 0..<min(height, target.height) {
            let row = (target.base + y * target.stride).assumingMemoryBound(to: UInt32.self)
            let columns = min(width, target.width)
            let band: (bitmap: Bitmap, y: Int)? =
                y < top.height ? (top, y) : y >= bottomStart ? (bottom, y - bottomStart) : nil
            guard let band else {
                row.update(repeating: 0, count: columns)
                continue
            }
            band.bitmap.pixels.withUnsafeBufferPointer { pixels in
                guard let first = pixels.baseAddress else { return }
                row.update(from: first + band.y * band.bitmap.width, count: columns)
            }
        }
    }

    /// Lays the layer over `picture`, an opaque bitmap of the banner's size.
    public func apply(to picture: inout Bitmap) {
        picture.draw(top, x: 0, y: 0)
        picture.draw(bottom, x: 0, y: bottomStart)
    }
}
