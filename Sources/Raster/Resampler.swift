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
        // Horizontal pass into float channels (premultiplied), a source row at a time into a small ring of rows:
        // an output row needs only its vertical taps' rows, and rows are needed in increasing order, so each
        // source row is resampled once and the working set stays in cache (no frame-sized scratch buffer).
        // Taps are flattened and the loops run on raw buffers: this is most of a photo banner's pre-render time.
        let rowFloats = width * 4
        let slots = ty.map(\.weights.count).max() ?? 1
        let horizontal = FlatTaps(tx)
        let ring = UnsafeMutableBufferPointer<Float>.allocate(capacity: slots * rowFloats)
        let held = UnsafeMutableBufferPointer<Int>.allocate(capacity: slots)  // source row in each slot
        let acc = UnsafeMutableBufferPointer<Float>.allocate(capacity: rowFloats)
        held.initialize(repeating: -1)
        defer {
            horizontal.deallocate()
            ring.deallocate()
            held.deallocate()
            acc.deallocate()
        }
        let sourceWidth = bitmap.width
        var pixels = [UInt32](repeating: 0, count: width * height)
        bitmap.pixels.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBufferPointer { dst in
                for (oy, tap) in ty.enumerated() {
                    acc.update(repeating: 0)
                    for (k, w) in tap.weights.enumerated() {
                        let sy = tap.first + k
                        let slot = sy % slots
                        let row = ring.baseAddress! + slot * rowFloats
                        if held[slot] != sy {
                            held[slot] = sy
                            horizontal.apply(to: src.baseAddress! + sy * sourceWidth, into: row, count: width)
                        }
                        for i in 0..<rowFloats { acc[i] += w * row[i] }
                    }
                    pack(acc, into: dst.baseAddress! + oy * width, width: width)
                }
            }
        }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels) ?? Bitmap(width: width, height: height)
    }

    /// The horizontal taps flattened into raw buffers, so the inner loop runs without bounds checks.
    private struct FlatTaps {
        let first: UnsafeMutableBufferPointer<Int>
        let start: UnsafeMutableBufferPointer<Int>  // taps of output x are weights[start[x]..<start[x + 1]]
        let weights: UnsafeMutableBufferPointer<Float>

        init(_ taps: [Taps]) {
            first = .allocate(capacity: taps.count)
            start = .allocate(capacity: taps.count + 1)
            weights = .allocate(capacity: taps.reduce(0) { $0 + $1.weights.count })
            var n = 0
            for (x, tap) in taps.enumerated() {
                first[x] = tap.first
                start[x] = n
                for w in tap.weights {
                    weights[n] = w
                    n += 1
                }
            }
            start[taps.count] = n
        }

        func deallocate() {
            first.deallocate()
            start.deallocate()
            weights.deallocate()
        }

        /// One source row resampled into `count` outputs of four float channels (premultiplied).
        func apply(to src: UnsafePointer<UInt32>, into m: UnsafeMutablePointer<Float>, count: Int) {
            var o = 0
            for ox in 0..<count {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                var s = src + first[ox]
                for j in start[ox]..<start[ox + 1] {
                    let p = s.pointee
                    let w = weights[j]
                    acc.0 += w * Float(p >> 24)
                    acc.1 += w * Float((p >> 16) & 0xFF)
                    acc.2 += w * Float((p >> 8) & 0xFF)
                    acc.3 += w * Float(p & 0xFF)
                    s += 1
                }
                m[o] = acc.0
                m[o + 1] = acc.1
                m[o + 2] = acc.2
                m[o + 3] = acc.3
                o += 4
            }
        }
    }

    /// A row of float channels rounded into premultiplied words.
    @inline(__always)
    private static func pack(_ a: UnsafeMutableBufferPointer<Float>, into dst: UnsafeMutablePointer<UInt32>, width: Int)
    {
        for ox in 0..<width {
            let alpha = channel(a[4 * ox])
            // Rounding can push a colour channel a hair above alpha; premultiplied words must not.
            dst[ox] =
                alpha << 24 | min(channel(a[4 * ox + 1]), alpha) << 16 | min(channel(a[4 * ox + 2]), alpha) << 8
                | min(channel(a[4 * ox + 3]), alpha)
        }
    }

    @inline(__always)
    private static func channel(_ v: Float) -> UInt32 { UInt32(min(255, max(0, v + 0.5))) }
}
