/// An owned image in premultiplied ARGB: each pixel a `UInt32` 0xAARRGGBB whose colour channels are already
/// multiplied by alpha / 255.
///
/// Premultiplied because every operation bannerd does on a bitmap (source-over, box-filter downscale, bilinear
/// upscale, corner coverage) is a plain weighted sum in that space, and transparent pixels cannot bleed colour
/// into their neighbours when averaged. Rows are stored top to bottom with no padding (`stride == width`).
public struct Bitmap: Equatable, Sendable {
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// The pixels, row-major, `width * height` premultiplied 0xAARRGGBB words.
    public private(set) var pixels: [UInt32]

    /// A bitmap of the given size filled with `color` (transparent by default). Negative sizes become 0.
    public init(width: Int, height: Int, color: Color = .clear) {
        self.width = max(0, width)
        self.height = max(0, height)
        pixels = Array(repeating: color.premultipliedARGB, count: self.width * self.height)
    }

    /// A bitmap over existing premultiplied pixels; nil when `pixels.count != width * height`.
    public init?(width: Int, height: Int, premultipliedPixels pixels: [UInt32]) {
        guard width >= 0, height >= 0, pixels.count == width * height else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// True when every pixel is fully opaque (nothing shows through it).
    public var isOpaque: Bool {
        pixels.withUnsafeBufferPointer { p in
            var all: UInt32 = 0xFF00_0000
            for word in p { all &= word }  // no early exit: a branch-free pass the compiler vectorises
            return all & 0xFF00_0000 == 0xFF00_0000
        }
    }

    /// The rectangle the bitmap covers at the origin.
    public var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The premultiplied word at (x, y); the point must be inside.
    public subscript(x: Int, y: Int) -> UInt32 {
        get { pixels[y * width + x] }
        set { pixels[y * width + x] = newValue }
    }

    /// The straight colour at (x, y), or nil outside the bitmap.
    public func color(x: Int, y: Int) -> Color? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        return Color(premultipliedARGB: self[x, y])
    }

    /// Replaces every pixel with `color`.
    public mutating func fill(_ color: Color) {
        let p = color.premultipliedARGB
        pixels.withUnsafeMutableBufferPointer { $0.update(repeating: p) }
    }

    /// Replaces the pixels of `rect` (clipped to the bitmap) with `color`.
    public mutating func fill(_ rect: PixelRect, with color: Color) {
        let p = color.premultipliedARGB
        update(rect) { _ in p }
    }

    /// Composites `color` over the pixels of `rect` (clipped), source-over.
    public mutating func blend(_ rect: PixelRect, with color: Color) {
        let p = color.premultipliedARGB
        update(rect) { PixelMath.sourceOver(p, $0) }
    }

    /// Replaces each pixel of `rect` (clipped) with `transform` of its old value.
    private mutating func update(_ rect: PixelRect, _ transform: (UInt32) -> UInt32) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        let w = width
        pixels.withUnsafeMutableBufferPointer { buf in
            for y in r.y..<r.maxY {
                let row = y * w
                for x in r.x..<r.maxX { buf[row + x] = transform(buf[row + x]) }
            }
        }
    }

    /// Composites `source` over this bitmap with its top-left at (x, y), source-over, clipped on all sides.
    public mutating func draw(_ source: Bitmap, x: Int, y: Int) {
        let dst = PixelRect(x: x, y: y, width: source.width, height: source.height).intersection(bounds)
        guard !dst.isEmpty else { return }
        let w = width
        let sw = source.width
        source.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { buf in
                for ty in dst.y..<dst.maxY {
                    let srow = (ty - y) * sw - x
                    let drow = ty * w
                    for tx in dst.x..<dst.maxX { buf[drow + tx] = PixelMath.sourceOver(src[srow + tx], buf[drow + tx]) }
                }
            }
        }
    }

    /// Multiplies every pixel by `coverage` (0…255) from `mask`, which has this bitmap's size; extra or missing
    /// mask entries are ignored. Used for alpha masks such as rounded corners.
    public mutating func multiply(by mask: (_ x: Int, _ y: Int) -> UInt8, in rect: PixelRect) {
        let r = rect.intersection(bounds)
        guard !r.isEmpty else { return }
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let c = UInt32(mask(x, y))
                if c == 255 { continue }
                let p = self[x, y]
                self[x, y] =
                    PixelMath.scale(p >> 24, by: c) << 24 | PixelMath.scale((p >> 16) & 0xFF, by: c) << 16
                    | PixelMath.scale((p >> 8) & 0xFF, by: c) << 8 | PixelMath.scale(p & 0xFF, by: c)
            }
        }
    }

    /// A copy of `rect` (clipped to the bitmap).
    public func cropped(to rect: PixelRect) -> Bitmap {
        let r = rect.intersection(bounds)
        var out = Bitmap(width: r.width, height: r.height)
        for y in 0..<r.height {
            for x in 0..<r.width { out[x, y] = self[r.x + x, r.y + y] }
        }
        return out
    }
}

extension Bitmap {
    /// How many pixels differ from `other`'s (those of one only, where the sizes differ, among them), and by how much
    /// in the colour channel that differs most: a capture of glass against a composition.
    public func difference(from other: Bitmap) -> (differing: Int, largest: UInt32) {
        var differing =
            width * height + other.width * other.height - 2 * min(width, other.width)
            * min(height, other.height)
        var largest: UInt32 = 0
        for y in 0..<min(height, other.height) {
            for x in 0..<min(width, other.width) where self[x, y] != other[x, y] {
                differing += 1
                for shift: UInt32 in [0, 8, 16] {
                    let (p, q) = ((self[x, y] >> shift) & 0xFF, (other[x, y] >> shift) & 0xFF)
                    largest = max(largest, p > q ? p - q : q - p)
                }
            }
        }
        return (differing, largest)
    }
}
