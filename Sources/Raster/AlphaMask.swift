/// An 8-bit coverage image (0 = transparent, 255 = solid): text before it is coloured, shadows, masks.
public struct AlphaMask: Equatable, Sendable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// `width × height` coverage bytes, row-major.
    public var values: [UInt8]

    /// An empty (all-zero) mask; negative sizes become 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
        values = [UInt8](repeating: 0, count: self.width * self.height)
    }

    /// The coverage at (x, y); the point must be inside.
    public subscript(x: Int, y: Int) -> UInt8 {
        get { values[y * width + x] }
        set { values[y * width + x] = newValue }
    }

    /// Merges `coverage` (a `w × h` block) at (x, y) by taking the larger value per pixel, clipped.
    public mutating func merge(_ coverage: [UInt8], width w: Int, height h: Int, x: Int, y: Int) {
        guard coverage.count >= w * h else { return }
        for row in max(0, -y)..<min(h, height - y) {
            for col in max(0, -x)..<min(w, width - x) {
                let v = coverage[row * w + col]
                let i = (y + row) * width + x + col
                if v > values[i] { values[i] = v }
            }
        }
    }

    /// A box-blurred copy (horizontal then vertical, window 2·radius + 1, edges treated as 0): soft shadows.
    public func blurred(radius: Int) -> AlphaMask {
        guard radius > 0, width > 0, height > 0 else { return self }
        let window = UInt32(2 * radius + 1)
        var tmp = [UInt32](repeating: 0, count: width * height)
        for y in 0..<height {
            var sum: UInt32 = 0
            // Running sum over [x − r, x + r].
            for x in 0..<min(radius, width) { sum += UInt32(values[y * width + x]) }
            for x in 0..<width {
                if x + radius < width { sum += UInt32(values[y * width + x + radius]) }
                tmp[y * width + x] = sum
                if x - radius >= 0 { sum -= UInt32(values[y * width + x - radius]) }
            }
        }
        var out = AlphaMask(width: width, height: height)
        for x in 0..<width {
            var sum: UInt32 = 0
            for y in 0..<min(radius, height) { sum += tmp[y * width + x] }
            for y in 0..<height {
                if y + radius < height { sum += tmp[(y + radius) * width + x] }
                out.values[y * width + x] = UInt8((sum + window * window / 2) / (window * window))
                if y - radius >= 0 { sum -= tmp[(y - radius) * width + x] }
            }
        }
        return out
    }
}

extension Bitmap {
    /// `color` weighted by `mask`, premultiplied: composited over a bitmap (`draw(_:x:y:)`), the pixels of `color`
    /// drawn through the mask.
    public init(_ mask: AlphaMask, color: Color) {
        let p = color.premultipliedARGB
        let channels = (p >> 24, (p >> 16) & 0xFF, (p >> 8) & 0xFF, p & 0xFF)
        self.init(width: mask.width, height: mask.height, color: .clear)
        for y in 0..<mask.height {
            for x in 0..<mask.width {
                let c = UInt32(mask[x, y])
                if c == 0 { continue }
                self[x, y] =
                    PixelMath.scale(channels.0, by: c) << 24 | PixelMath.scale(channels.1, by: c) << 16
                    | PixelMath.scale(channels.2, by: c) << 8 | PixelMath.scale(channels.3, by: c)
            }
        }
    }
}

/// A premultiplied bitmap placed at (x, y): one of the things laid over a picture, in order.
public struct BitmapLayer: Equatable, Sendable {
    public var bitmap: Bitmap
    public var x: Int
    public var y: Int

    public init(_ bitmap: Bitmap, x: Int, y: Int) {
        self.bitmap = bitmap
        self.x = x
        self.y = y
    }
}
