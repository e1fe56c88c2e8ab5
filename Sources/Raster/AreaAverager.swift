/// Shrinks an image that arrives a row at a time into a small bitmap without ever holding the large one, by the
/// same area average as `Resampler` (each source pixel weighed by how much of it falls in an output pixel's
/// footprint): a source row is first averaged across into one output row's width, then added to the one or two
/// output rows its footprint overlaps.
///
/// Rows in top-to-bottom order need sums for two output rows only. Rows of an Adam7-interlaced PNG come pass by
/// pass, every pass revisiting the whole image, so `anyRowOrder` keeps sums for every output row instead
/// (16 bytes per output pixel).
public struct AreaAverager {
    /// The output size.
    public let width: Int
    public let height: Int
    private let sourceWidth: Int
    private let sourceHeight: Int
    /// Per source column: the first output column it falls in, and its weight there; the rest of its weight
    /// (1/scale in all) goes to the next column.
    private let columnOut: [Int]
    private let columnWeight: [Float]
    /// One source row averaged across: premultiplied B, G, R, A per output column.
    private var across: [Float]
    /// Premultiplied B, G, R, A sums of the held output rows, output row `y` in slot `y % heldRows`.
    private var sums: [Float]
    private let heldRows: Int
    /// The first output row not yet turned into pixels (in top-to-bottom order).
    private var firstOpenRow = 0
    private var output: [UInt32]

    /// An averager of a `sourceWidth × sourceHeight` image into `width × height`, each no larger than the
    /// source's (a larger one is the source's).
    public init(sourceWidth: Int, sourceHeight: Int, width: Int, height: Int, anyRowOrder: Bool) {
        self.sourceWidth = max(1, sourceWidth)
        self.sourceHeight = max(1, sourceHeight)
        let outWidth = min(self.sourceWidth, max(1, width))
        self.width = outWidth
        self.height = min(self.sourceHeight, max(1, height))
        let split = (0..<self.sourceWidth).map { [sourceWidth = self.sourceWidth] in
            Self.split($0, source: sourceWidth, output: outWidth)
        }
        columnOut = split.map(\.first)
        columnWeight = split.map(\.weight)
        across = [Float](repeating: 0, count: self.width * 4)
        heldRows = anyRowOrder ? self.height : 2
        sums = [Float](repeating: 0, count: heldRows * self.width * 4)
        output = [UInt32](repeating: 0, count: self.width * self.height)
    }

    /// Where source pixel `s` of `source` falls among `output` pixels: the first it overlaps and the weight of
    /// that overlap, over one output pixel's footprint (`source / output` source pixels). In units of
    /// 1/`output` source pixel, pixel s spans [s·output, (s+1)·output) and output o spans [o·source, (o+1)·source),
    /// so the overlap is exact in integers.
    static func split(_ s: Int, source: Int, output: Int) -> (first: Int, weight: Float) {
        let first = s * output / source
        let overlap = min((s + 1) * output, (first + 1) * source) - s * output
        return (first, Float(overlap) / Float(source))
    }

    /// Adds source row `y`, whose pixels sit at columns `firstColumn`, `firstColumn + columnStep`, …; `pixels` are
    /// straight-alpha 0xAARRGGBB words. Without `anyRowOrder`, `y` must not decrease from one call to the next.
    public mutating func add(row pixels: UnsafeBufferPointer<UInt32>, y: Int, firstColumn: Int = 0, columnStep: Int = 1)
    {
        guard y >= 0, y < sourceHeight, firstColumn >= 0, columnStep > 0 else { return }
        let (outY, weight) = Self.split(y, source: sourceHeight, output: height)
        guard outY >= firstOpenRow || heldRows == height else { return }  // out of order: our bug, dropped
        let count = min(pixels.count, (sourceWidth - firstColumn + columnStep - 1) / columnStep)
        let perPixel = Float(width) / Float(sourceWidth)
        across.withUnsafeMutableBufferPointer { row in
            for i in row.indices { row[i] = 0 }
            var x = firstColumn
            for i in 0..<max(0, count) {
                var p = pixels[i]
                if p >> 24 != 255 { p = Color(argb: p).premultipliedARGB }
                let at = columnOut[x] * 4
                let w = columnWeight[x]
                let rest = perPixel - w
                for c in 0..<4 {
                    let v = Float(p >> (8 * UInt32(c)) & 0xFF)
                    row[at + c] += v * w
                    if rest > 0 { row[at + 4 + c] += v * rest }
                }
                x += columnStep
            }
        }
        // Output rows above this one get no more pixels in top-to-bottom order.
        if heldRows != height { while firstOpenRow < outY { close(row: firstOpenRow) } }
        let perRow = Float(height) / Float(sourceHeight)
        addAcross(to: outY, times: weight)
        if perRow - weight > 0, outY + 1 < height { addAcross(to: outY + 1, times: perRow - weight) }
    }

    private mutating func addAcross(to outY: Int, times weight: Float) {
        let base = (outY % heldRows) * width * 4
        for i in 0..<width * 4 { sums[base + i] += across[i] * weight }
    }

    /// The averaged bitmap, once every source row has been added.
    public mutating func finish() -> Bitmap {
        while firstOpenRow < height { close(row: firstOpenRow) }
        return Bitmap(width: width, height: height, premultipliedPixels: output) ?? Bitmap(width: width, height: height)
    }

    /// Output row `y` from its sums, rounded as `Resampler` rounds (no colour above alpha); its slot is freed.
    private mutating func close(row y: Int) {
        let base = (y % heldRows) * width * 4
        for x in 0..<width {
            let at = base + x * 4
            let alpha = Resampler.channel(sums[at + 3])
            var p = alpha << 24
            for c in 0..<3 { p |= min(Resampler.channel(sums[at + c]), alpha) << (8 * UInt32(c)) }
            output[y * width + x] = p
            for c in 0..<4 { sums[at + c] = 0 }
        }
        firstOpenRow = y + 1
    }
}
