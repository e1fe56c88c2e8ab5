import Raster

/// Artwork drawn in code, so bannerd shows something on first run without any file.
public enum BannerPattern: Hashable, Sendable {
    /// A diagonal gradient from the top-left colour to the bottom-right colour.
    case diagonalGradient(Color, Color)
    /// Diagonal stripes, each `widthPoints` wide.
    case stripes(Color, Color, widthPoints: Double)
    /// Concentric rings around the centre, each `widthPoints` wide, fading from the first colour outwards.
    case rings(Color, Color, widthPoints: Double)
    /// A checkerboard of `cellPoints` squares.
    case checker(Color, Color, cellPoints: Double)

    /// The pattern drawn at `width × height` pixels with `scale` pixels per point.
    public func render(width: Int, height: Int, scale: Double) -> Bitmap {
        let width = max(0, width)
        let height = max(0, height)
        var pixels = [UInt32](repeating: 0, count: width * height)
        let w = Double(max(1, width - 1))
        let h = Double(max(1, height - 1))
        let s = max(scale, 0.01)
        pixels.withUnsafeMutableBufferPointer { out in
            for y in 0..<height {
                let fy = Double(y)
                let row = y * width
                for x in 0..<width {
                    let fx = Double(x)
                    let p: UInt32
                    switch self {
                    case .diagonalGradient(let a, let z):
                        p = Self.mix(a, z, (fx / w + fy / h) / 2)
                    case .stripes(let a, let z, let wp):
                        let band = Int(((fx + fy) / (wp * s)).rounded(.down))
                        p = (band % 2 == 0 ? a : z).premultipliedARGB
                    case .rings(let a, let z, let wp):
                        let dx = fx - w / 2
                        let dy = fy - h / 2
                        let r = (dx * dx + dy * dy).squareRoot()
                        let band = Int((r / (wp * s)).rounded(.down))
                        let fade = min(1, r / ((w * w + h * h).squareRoot() / 2))
                        p = Self.mix(band % 2 == 0 ? a : a.mixed(with: z, fraction: 0.5), z, fade)
                    case .checker(let a, let z, let cp):
                        let cx = Int((fx / (cp * s)).rounded(.down))
                        let cy = Int((fy / (cp * s)).rounded(.down))
                        p = ((cx + cy) % 2 == 0 ? a : z).premultipliedARGB
                    }
                    out[row + x] = p
                }
            }
        }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels) ?? Bitmap(width: 0, height: 0)
    }

    /// `a.mixed(with: z, fraction: t).premultipliedARGB`, without building the colour when both are opaque
    /// (the demo's colours): the same arithmetic per channel, a third of the time on a full-screen banner.
    @inline(__always)
    private static func mix(_ a: Color, _ z: Color, _ t: Double) -> UInt32 {
        guard a.alpha == 255, z.alpha == 255 else { return a.mixed(with: z, fraction: t).premultipliedARGB }
        let f = min(1, max(0, t))
        @inline(__always) func channel(_ c: UInt8, _ d: UInt8) -> UInt32 {
            UInt32((Double(c) + (Double(d) - Double(c)) * f).rounded())
        }
        return 0xFF00_0000 | channel(a.red, z.red) << 16 | channel(a.green, z.green) << 8 | channel(a.blue, z.blue)
    }
}
