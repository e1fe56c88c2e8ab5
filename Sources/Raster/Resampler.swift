/// Separable resampling of premultiplied bitmaps: area averaging (box filter) where an axis shrinks, bilinear
/// where it grows.
///
/// Area averaging weighs every source pixel by how much of it falls inside the output pixel's footprint, so
/// photos shrink without the aliasing and shimmer of point or bilinear sampling; it is exact for any ratio,
/// not only whole ones. Weights are computed once per axis, then applied row pass then column pass.
public enum Resampler {
    /// One output pixel's contributions along an axis: source indices `first..<first + weights.count`.
    struct Taps {
        var first: Int
        var weights: [Float]
    }

    /// Taps mapping the source interval [origin, origin + length) (in source pixels) onto `count` outputs.
    static func taps(sourceSize: Int, origin: Double, length: Double, count: Int) -> [Taps] {
        guard count > 0, sourceSize > 0, length > 0 else { return [] }
        let scale = length / Double(count)  // source pixels per output pixel
        var out: [Taps] = []
        out.reserveCapacity(count)
        for i in 0..<count {
            if scale >= 1 {
                // Box: the footprint [a, b) in source space, partial pixels weighted by overlap.
                let a = origin + Double(i) * scale
                let b = a + scale
                let first = max(0, Int(a.rounded(.down)))
                let last = min(sourceSize - 1, Int((b - 1e-9).rounded(.down)))
                var weights: [Float] = []
                var sum = 0.0
                if last >= first {
                    for s in first...last {
                        let w = min(b, Double(s + 1)) - max(a, Double(s))
                        weights.append(Float(max(0, w)))
                        sum += max(0, w)
                    }
                }
                out.append(Taps(first: first, weights: normalised(weights, sum: sum, fallback: first, sourceSize)))
            } else {
                // Tent: sample at the output pixel's centre, edges clamped.
                let c = origin + (Double(i) + 0.5) * scale - 0.5
                let f = c.rounded(.down)
                let t = Float(c - f)
                let i0 = min(max(Int(f), 0), sourceSize - 1)
                let i1 = min(max(Int(f) + 1, 0), sourceSize - 1)
                if i0 == i1 {
                    out.append(Taps(first: i0, weights: [1]))
                } else {
                    out.append(Taps(first: i0, weights: [1 - t, t]))
                }
            }
        }
        return out
    }

    private static func normalised(_ w: [Float], sum: Double, fallback: Int, _ size: Int) -> [Float] {
        guard sum > 0 else { return [1] }
        return w.map { $0 / Float(sum) }
    }

    /// Resamples the region `source` (in source pixels, fractional allowed) of `bitmap` to `width × height`.
    public static func resample(
        _ bitmap: Bitmap, region: (x: Double, y: Double, width: Double, height: Double), width: Int, height: Int
    ) -> Bitmap {
        guard width > 0, height > 0, bitmap.width > 0, bitmap.height > 0 else {
            return Bitmap(width: width, height: height)
        }
        let tx = taps(sourceSize: bitmap.width, origin: region.x, length: region.width, count: width)
        let ty = taps(sourceSize: bitmap.height, origin: region.y, length: region.height, count: height)
        guard tx.count == width, ty.count == height else { return Bitmap(width: width, height: height) }
        // Horizontal pass into float channels (premultiplied), only over the source rows the vertical taps use.
        let rowLo = ty.map(\.first).min() ?? 0
        let rowHi = ty.map { $0.first + $0.weights.count }.max() ?? 0
        var mid = [Float](repeating: 0, count: (rowHi - rowLo) * width * 4)
        for sy in rowLo..<rowHi {
            for (ox, tap) in tx.enumerated() {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, w) in tap.weights.enumerated() {
                    let p = bitmap[tap.first + k, sy]
                    acc.0 += w * Float(p >> 24)
                    acc.1 += w * Float((p >> 16) & 0xFF)
                    acc.2 += w * Float((p >> 8) & 0xFF)
                    acc.3 += w * Float(p & 0xFF)
                }
                let m = ((sy - rowLo) * width + ox) * 4
                mid[m] = acc.0
                mid[m + 1] = acc.1
                mid[m + 2] = acc.2
                mid[m + 3] = acc.3
            }
        }
        var out = Bitmap(width: width, height: height)
        for (oy, tap) in ty.enumerated() {
            for ox in 0..<width {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                for (k, w) in tap.weights.enumerated() {
                    let m = ((tap.first + k - rowLo) * width + ox) * 4
                    acc.0 += w * mid[m]
                    acc.1 += w * mid[m + 1]
                    acc.2 += w * mid[m + 2]
                    acc.3 += w * mid[m + 3]
                }
                let a = channel(acc.0)
                // Rounding can push a colour channel a hair above alpha; premultiplied words must not.
                out[ox, oy] =
                    a << 24 | min(channel(acc.1), a) << 16 | min(channel(acc.2), a) << 8 | min(channel(acc.3), a)
            }
        }
        return out
    }

    @inline(__always)
    private static func channel(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }
}
