extension Bitmap {
    /// Sub-samples per axis when measuring how much of a corner pixel lies inside the arc: 16 × 16 gives
    /// 256 levels, the resolution of an 8-bit alpha.
    static let cornerSubsamples = 16

    /// The anti-aliased coverage (0…255) of pixel (px, py) of a `radius`-px rounded corner whose arc centre
    /// is at (radius, radius), the pixel grid starting at the corner. Pixels with px, py ≥ radius are 255.
    public static func cornerCoverage(px: Int, py: Int, radius: Int) -> UInt8 {
        guard radius > 0, px < radius || py < radius else { return 255 }
        let n = cornerSubsamples
        let r = Double(radius)
        var inside = 0
        for sy in 0..<n {
            let dy = r - (Double(py) + (Double(sy) + 0.5) / Double(n))
            for sx in 0..<n {
                let dx = r - (Double(px) + (Double(sx) + 0.5) / Double(n))
                // Only the quadrant toward the corner is rounded; samples past the centre are inside.
                let ex = max(0, dx)
                let ey = max(0, dy)
                if ex * ex + ey * ey <= r * r { inside += 1 }
            }
        }
        return UInt8((inside * 255 + n * n / 2) / (n * n))
    }

    /// Applies an anti-aliased rounded-corner alpha mask of `radius` px to all four corners, in place.
    ///
    /// Done once when a banner is pre-rendered, so at composition time only these corner pixels have alpha
    /// below 255 and need blending. The radius is clamped to half the shorter side.
    public mutating func roundCorners(radius: Int) {
        roundCorners(CornerMask(radius: radius, width: width, height: height))
    }

    /// Applies `mask` to all four corners, in place; a mask made for a larger bitmap is measured again for this one.
    public mutating func roundCorners(_ mask: CornerMask) {
        let r = mask.radius
        guard r <= width / 2, r <= height / 2 else { return roundCorners(radius: r) }
        guard r > 0 else { return }
        let w = width
        let h = height
        let alpha: (Int, Int) -> UInt8 = { x, y in mask.coverage(x: x, y: y, width: w, height: h) }
        multiply(by: alpha, in: PixelRect(x: 0, y: 0, width: r, height: r))
        multiply(by: alpha, in: PixelRect(x: w - r, y: 0, width: r, height: r))
        multiply(by: alpha, in: PixelRect(x: 0, y: h - r, width: r, height: r))
        multiply(by: alpha, in: PixelRect(x: w - r, y: h - r, width: r, height: r))
    }
}

/// The coverage of a rounded corner of one radius, measured once and laid over many bitmaps of one size: a video
/// banner's corners over each of its frames, with no table made (nor allocated) per frame.
public struct CornerMask: Sendable {
    /// The radius in pixels, clamped to half the shorter side of the bitmaps it is for.
    public let radius: Int
    /// The top-left corner's coverage (0…255), `radius` rows of `radius` pixels.
    let coverage: [UInt8]

    /// The mask of a `radius`-px corner for bitmaps of `width × height` pixels.
    public init(radius: Int, width: Int, height: Int) {
        let r = max(0, min(radius, width / 2, height / 2))
        var table = [UInt8](repeating: 255, count: r * r)
        for y in 0..<r {
            for x in 0..<r { table[y * r + x] = Bitmap.cornerCoverage(px: x, py: y, radius: r) }
        }
        self.radius = r
        coverage = table
    }

    /// The coverage at (x, y) of a `width × height` bitmap the mask is for: the top-left table mirrored into each
    /// corner (x and y measured from the nearest edge); 255 away from the corners.
    public func coverage(x: Int, y: Int, width: Int, height: Int) -> UInt8 {
        let r = radius
        let cx = x < r ? x : (x >= width - r ? width - 1 - x : r)
        let cy = y < r ? y : (y >= height - r ? height - 1 - y : r)
        guard cx < r, cy < r else { return 255 }
        return coverage[cy * r + cx]
    }
}
