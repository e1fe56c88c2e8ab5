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
                // Clamped too: a region reaching past the bitmap reads its edge pixels, never beyond them.
                let first = min(max(0, Int(a.rounded(.down))), sourceSize - 1)
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
        let horizontal = FlatTaps(tx, sourceSize: bitmap.width)
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
        // Every word is written below: no zero fill first.
        let pixels = [UInt32](unsafeUninitializedCapacity: width * height) { dst, initialized in
            bitmap.pixels.withUnsafeBufferPointer { src in
                func row(_ sy: Int) -> UnsafePointer<Float> {
                    let slot = sy % slots
                    let row = ring.baseAddress! + slot * rowFloats
                    if held[slot] != sy {
                        held[slot] = sy
                        horizontal.apply(to: src.baseAddress! + sy * sourceWidth, into: row, count: width)
                    }
                    return UnsafePointer(row)
                }
                for (oy, tap) in ty.enumerated() {
                    // An output row is wa·a + wb·b, rounded in one pass: the first and last taps' rows, or the sum
                    // of all taps but the last (times 1) and the last row; one tap is w·r + 0·r. The sums still run
                    // in tap order from 0: 0 + x, 1·x and x + 0 are x for the non-negative x here.
                    let w = tap.weights
                    let last = w.count - 1
                    var (a, wa) = (row(tap.first), w[0])
                    if last >= 2 {
                        for i in 0..<rowFloats { acc[i] = w[0] * a[i] }
                        for k in 1..<last {
                            let r = row(tap.first + k)
                            for i in 0..<rowFloats { acc[i] += w[k] * r[i] }
                        }
                        (a, wa) = (UnsafePointer(acc.baseAddress!), 1)
                    }
                    let b = row(tap.first + last)
                    pack(
                        a, times: wa, plus: b, times: last == 0 ? 0 : w[last], into: dst.baseAddress! + oy * width,
                        width: width)
                }
            }
            initialized = width * height
        }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels) ?? Bitmap(width: width, height: height)
    }

    /// The horizontal taps flattened into raw buffers, so the inner loop runs without bounds checks.
    private struct FlatTaps {
        /// Source pixels read per output. Shorter footprints are padded with zero weights, which add +0 to a sum
        /// that is never -0: the results are the same, and the loop is the same for every output.
        let taps: Int
        let first: UnsafeMutableBufferPointer<Int>  // offset of output x's first tap in `source`
        let weights: UnsafeMutableBufferPointer<Float>  // output x's at weights[x * taps..<(x + 1) * taps]
        let lowest: Int  // the source columns any tap reads: lowest..<lowest + span
        let span: Int
        let source: UnsafeMutableBufferPointer<Float>  // those columns of one row, four channels each

        init(_ list: [Taps], sourceSize: Int) {
            let taps = list.map(\.weights.count).max() ?? 1
            // Footprints at the right edge are padded on the left, so that no read leaves the row.
            let starts = list.map { min($0.first, sourceSize - taps) }
            self.taps = taps
            lowest = starts.min() ?? 0
            span = (starts.max() ?? lowest) + taps - lowest
            first = .allocate(capacity: list.count)
            weights = .allocate(capacity: list.count * taps)
            source = .allocate(capacity: span * 4)
            weights.initialize(repeating: 0)
            for (x, tap) in list.enumerated() {
                first[x] = (starts[x] - lowest) * 4
                for (k, w) in tap.weights.enumerated() { weights[x * taps + tap.first - starts[x] + k] = w }
            }
        }

        func deallocate() {
            first.deallocate()
            weights.deallocate()
            source.deallocate()
        }

        /// One source row resampled into `count` outputs of four float channels (premultiplied), in the order of
        /// the words' bytes in memory: no step needs to know which byte is which channel but the alpha clamp.
        func apply(to row: UnsafePointer<UInt32>, into m: UnsafeMutablePointer<Float>, count: Int) {
            // Each source pixel feeds about two outputs: its bytes are converted once, not per tap.
            let bytes = UnsafeRawPointer(row + lowest)
            let f = source.baseAddress!
            for i in 0..<span * 4 { f[i] = Float(bytes.load(fromByteOffset: i, as: UInt8.self)) }
            // A constant tap count lets the compiler unroll the loop for the usual footprints.
            switch taps {
            case 2: accumulate(f, into: m, count: count, taps: 2)
            case 3: accumulate(f, into: m, count: count, taps: 3)
            case 4: accumulate(f, into: m, count: count, taps: 4)
            default: accumulate(f, into: m, count: count, taps: taps)
            }
        }

        @inline(__always)
        private func accumulate(_ f: UnsafePointer<Float>, into m: UnsafeMutablePointer<Float>, count: Int, taps: Int) {
            var out = m
            var w = UnsafePointer(weights.baseAddress!)
            for ox in 0..<count {
                var acc: (Float, Float, Float, Float) = (0, 0, 0, 0)
                var s = f + first[ox]
                for k in 0..<taps {
                    acc.0 += w[k] * s[0]
                    acc.1 += w[k] * s[1]
                    acc.2 += w[k] * s[2]
                    acc.3 += w[k] * s[3]
                    s += 4
                }
                out[0] = acc.0
                out[1] = acc.1
                out[2] = acc.2
                out[3] = acc.3
                out += 4
                w += taps
            }
        }
    }

    /// A row of float channels, `wa · a + wb · b`, rounded into premultiplied words.
    @inline(__always)
    private static func pack(
        _ a: UnsafePointer<Float>, times wa: Float, plus b: UnsafePointer<Float>, times wb: Float,
        into dst: UnsafeMutablePointer<UInt32>, width: Int
    ) {
        // One float per byte of the result: a plain loop the compiler vectorises.
        let bytes = UnsafeMutableRawPointer(dst)
        for i in 0..<width * 4 {
            bytes.storeBytes(
                of: UInt8(truncatingIfNeeded: channel(wa * a[i] + wb * b[i])), toByteOffset: i, as: UInt8.self)
        }
        // Premultiplied words have no colour above alpha. Sums of premultiplied input in one order keep that
        // (rounding is monotonic), other input is clamped; opaque rows (photos) need no clamp.
        var opaque: UInt32 = 0xFF00_0000
        for x in 0..<width { opaque &= dst[x] }
        guard opaque != 0xFF00_0000 else { return }
        for x in 0..<width {
            let p = dst[x]
            let alpha = p >> 24
            dst[x] =
                p & 0xFF00_0000 | min((p >> 16) & 0xFF, alpha) << 16 | min((p >> 8) & 0xFF, alpha) << 8
                | min(p & 0xFF, alpha)
        }
    }

    /// `UInt32(min(255, max(0, v + 0.5)))` without the conversion's range checks, which keep a loop scalar.
    @inline(__always)
    static func channel(_ v: Float) -> UInt32 {
        let t = min(255, max(0, v + 0.5))
        // Adding 2^23 rounds t to the nearest integer, left in the low mantissa bits; one less if that rounded
        // up, so the result truncates as the conversion does.
        let magic: Float = 8_388_608
        let nearest = t + magic
        return (nearest.bitPattern & 0x1FF) &- (nearest - magic > t ? 1 : 0)
    }
}
