import Raster

/// Artwork drawn in code, so bannerd shows something on first run without any file.
public enum BannerPattern: Equatable, Sendable {
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
        var b = Bitmap(width: width, height: height)
        let w = Double(max(1, width - 1))
        let h = Double(max(1, height - 1))
        let s = max(scale, 0.01)
        for y in 0..<height {
            for x in 0..<width {
                let fx = Double(x)
                let fy = Double(y)
                let c: Color
                switch self {
                case .diagonalGradient(let a, let z):
                    c = a.mixed(with: z, fraction: (fx / w + fy / h) / 2)
                case .stripes(let a, let z, let wp):
                    let band = Int(((fx + fy) / (wp * s)).rounded(.down))
                    c = band % 2 == 0 ? a : z
                case .rings(let a, let z, let wp):
                    let dx = fx - w / 2
                    let dy = fy - h / 2
                    let r = (dx * dx + dy * dy).squareRoot()
                    let band = Int((r / (wp * s)).rounded(.down))
                    let fade = min(1, r / ((w * w + h * h).squareRoot() / 2))
                    c = (band % 2 == 0 ? a : a.mixed(with: z, fraction: 0.5)).mixed(with: z, fraction: fade)
                case .checker(let a, let z, let cp):
                    let cx = Int((fx / (cp * s)).rounded(.down))
                    let cy = Int((fy / (cp * s)).rounded(.down))
                    c = (cx + cy) % 2 == 0 ? a : z
                }
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }
}
