/// A pre-rendered bitmap made ready for `FrameComposer`: turned into the target's orientation once, stored in the
/// target's pixel format once, with each row's run of fully opaque pixels found once, so composing a frame copies
/// those runs as they are and blends only the rest (the anti-aliased corners) over the background colour.
///
/// Rows start on 64-byte boundaries and are padded to a multiple of 64 bytes, so a row copy into a target whose
/// row is 64-byte aligned at the same column (the centre banner at rest) moves whole cache lines.
/// An RGB565 sprite keeps the premultiplied 32-bit words of the pixels outside each opaque run in a side table,
/// because blending needs their alpha and full precision; the opaque runs exist only as RGB565.
/// A sprite that will only ever be shown over one background colour (the carousel's) can be flattened over it
/// when it is made: every pixel is then opaque and every row a plain copy.
// Sendable because its block (pixels, strips, row index, edge words) is written in `init` only and never again: a
// pre-render thread makes it and hands it over, the loop only reads it (ThreadSanitizer: BannerdRunTests,
// PrerenderThreadsTests and StreamedAnimationWorkerTests, whose sprites come from a pool, in scripts/test). A block
// from a `SpritePool` is written again only by the next sprite, after this one has gone.
public final class Sprite: @unchecked Sendable {
    /// Size of the picture as laid out (before rotation), in pixels.
    public let logicalWidth: Int
    public let logicalHeight: Int
    /// The rotation the pixels were turned by; it must match the composer's.
    public let rotation: Rotation
    /// How the pixels are stored: the format of the targets this sprite composes into by plain copies.
    public let format: PixelFormat
    /// Size in target orientation, in pixels.
    public let width: Int
    public let height: Int
    /// Bytes from one stored row to the next: a multiple of 64.
    let stride: Int
    /// First byte of the top row, 64-byte aligned.
    let pixels: UnsafeMutableRawPointer
    /// One entry per target row: its opaque run and where its edge pixels sit in `edges`.
    let rows: UnsafeMutablePointer<SpriteRow>
    /// RGB565 only: the premultiplied words of every row's pixels outside its opaque run, row after row.
    let edges: UnsafeMutablePointer<UInt32>
    /// The first and last `stripWidth` pixels of every row again, packed row after row (all left strips, then all
    /// right strips). A sprite showing only a narrow edge (a neighbour's ear) is read from here, contiguously,
    /// instead of one cache line from each of its rows: those rows are kilobytes apart, and a cache and TLB miss per
    /// row stalls the copies of the rows around it.
    let strips: UnsafeMutableRawPointer
    /// Pixels in each strip: `Sprite.stripColumns`, or the whole row when the sprite is narrower.
    let stripWidth: Int
    /// Widest edge read from the strips, in pixels (ears are 8 px at rest at scale 1).
    static let stripColumns = 32
    /// The first block of rows that are opaque from edge to edge (a rounded banner between its corners): the
    /// composer copies them without looking at their runs.
    let opaqueRows: Range<Int>

    /// Where the block of `pixels`, `strips` and `rows` came from and goes back to (nil: the heap).
    private let pool: SpritePool?
    /// Row alignment, and the alignment of each part of the block.
    static let alignment = 64

    /// Where each part of a `width × height` sprite's block (in target orientation, in `format`) begins, and the
    /// block's size: the pixels, the strips, the row index, the row flattening works in while the sprite is made,
    /// and room for an XRGB8888 sprite's `edges` (which it never reads). One block, so that a stream's sprites,
    /// whose blocks come from a `SpritePool`, make no allocation of their own but the object.
    static func layout(width: Int, height: Int, format: PixelFormat)
        -> (strips: Int, rows: Int, scratch: Int, edges: Int, bytes: Int)
    {
        func aligned(_ n: Int) -> Int { max(alignment, (n + alignment - 1) & ~(alignment - 1)) }
        let stride = (width * format.bytesPerPixel + alignment - 1) & ~(alignment - 1)
        let strips = aligned(stride * height)
        let rows = strips + aligned(2 * height * min(width, stripColumns) * format.bytesPerPixel)
        let scratch = rows + aligned(height * MemoryLayout<SpriteRow>.stride)
        let edges = scratch + aligned(width * MemoryLayout<UInt32>.stride)
        return (strips, rows, scratch, edges, edges + alignment)
    }

    /// Turns `bitmap` (laid out in logical orientation) by `rotation`, stores it in `format` and indexes its
    /// opaque runs; with `background`, its translucent pixels are composited over that colour first, so the
    /// sprite is opaque (composing it over that background gives the same pixels, for less work). Its memory comes
    /// from `pool` when given (a video's frames), and goes back there when the sprite goes.
    public init(
        _ bitmap: Bitmap, rotation: Rotation, format: PixelFormat = .xrgb8888, over background: Color? = nil,
        pool: SpritePool? = nil
    ) {
        logicalWidth = bitmap.width
        logicalHeight = bitmap.height
        self.rotation = rotation
        self.format = format
        let turned = bitmap.rotated(rotation)
        let w = turned.width
        let h = turned.height
        width = w
        height = h
        stride = (w * format.bytesPerPixel + Self.alignment - 1) & ~(Self.alignment - 1)
        self.pool = pool
        let parts = Self.layout(width: w, height: h, format: format)
        pixels = pool?.take(byteCount: parts.bytes) ?? .allocate(byteCount: parts.bytes, alignment: Self.alignment)
        strips = pixels + parts.strips
        rows = (pixels + parts.rows).bindMemory(to: SpriteRow.self, capacity: max(1, h))
        // The picture's own opaque runs first (a flattened sprite needs them to find the pixels to composite), each
        // row's edge words counted for the runs it keeps: all of each row once flattened.
        var edgeCount = 0
        for y in 0..<h {
            let run = Sprite.opaqueRun(turned, row: y)
            (rows + y).initialize(
                to: SpriteRow(
                    opaqueStart: Int32(run.lowerBound), opaqueEnd: Int32(run.upperBound), edgeIndex: edgeCount))
            if background == nil { edgeCount += w - run.count }
        }
        edges =
            format == .rgb565
            ? .allocate(capacity: max(1, edgeCount))
            : (pixels + parts.edges).bindMemory(to: UInt32.self, capacity: 1)
        stripWidth = min(w, Sprite.stripColumns)
        if background != nil {
            opaqueRows = 0..<h  // every row flattened below
        } else {
            let full = { (r: SpriteRow) in r.opaqueStart == 0 && Int(r.opaqueEnd) == w }
            var top = 0
            while top < h && !full(rows[top]) { top += 1 }
            var bottom = top
            while bottom < h && full(rows[bottom]) { bottom += 1 }
            opaqueRows = top..<bottom
        }
        turned.pixels.withUnsafeBufferPointer { all in
            guard let src = all.baseAddress else { return }
            guard let background else {
                for y in 0..<h { store(row: y, from: src + y * w) }
                return
            }
            let bg = background.premultipliedARGB | 0xFF00_0000
            let flat = (pixels + parts.scratch).bindMemory(to: UInt32.self, capacity: max(1, w))
            for y in 0..<h {
                let given = Int(rows[y].opaqueStart)..<Int(rows[y].opaqueEnd)
                rows[y] = SpriteRow(opaqueStart: 0, opaqueEnd: Int32(w), edgeIndex: 0)
                // A row opaque from edge to edge (all but a rounded banner's corner rows) has nothing to flatten.
                if given.count == w {
                    store(row: y, from: src + y * w)
                    continue
                }
                flat.update(from: src + y * w, count: w)
                // Only pixels outside the row's opaque run can be translucent (all of them when the run is empty).
                for x in 0..<given.lowerBound { flat[x] = PixelMath.sourceOver(flat[x], bg) }
                for x in given.upperBound..<w { flat[x] = PixelMath.sourceOver(flat[x], bg) }
                store(row: y, from: flat)
            }
        }
        let stripBytes = stripWidth * format.bytesPerPixel
        for y in 0..<h {
            let row = pixels + y * stride
            (strips + y * stripBytes).copyMemory(from: row, byteCount: stripBytes)
            (strips + (h + y) * stripBytes).copyMemory(
                from: row + (w - stripWidth) * format.bytesPerPixel, byteCount: stripBytes)
        }
    }

    /// Where columns `columns` of row `y` are packed in `strips`, and the bytes from one row to the next there;
    /// nil when they are not within one strip.
    func stripSource(columns: Range<Int>, row y: Int) -> (source: UnsafeRawPointer, stride: Int)? {
        let size = format.bytesPerPixel
        let stripBytes = stripWidth * size
        if columns.upperBound <= stripWidth {
            return (UnsafeRawPointer(strips + y * stripBytes + columns.lowerBound * size), stripBytes)
        }
        let first = width - stripWidth
        if columns.lowerBound >= first {
            return (
                UnsafeRawPointer(strips + (height + y) * stripBytes + (columns.lowerBound - first) * size), stripBytes
            )
        }
        return nil
    }

    deinit {
        let bytes = Self.layout(width: width, height: height, format: format).bytes
        if let pool { pool.giveBack(pixels, byteCount: bytes) } else { pixels.deallocate() }
        if format == .rgb565 { edges.deallocate() }  // an XRGB8888 sprite's is in the block
    }

    /// Writes stored row `y` (and, for RGB565, its edge words) from `w` premultiplied words; padding is zeroed so
    /// the sprite's memory is fully initialised.
    private func store(row y: Int, from src: UnsafePointer<UInt32>) {
        let w = width
        let row = pixels + y * stride
        let used = w * format.bytesPerPixel
        (row + used).initializeMemory(as: UInt8.self, repeating: 0, count: stride - used)
        switch format {
        case .xrgb8888:
            row.initializeMemory(as: UInt32.self, from: src, count: w)
        case .rgb565:
            let dst = row.bindMemory(to: UInt16.self, capacity: w)
            for x in 0..<w { dst[x] = PixelMath.rgb565(src[x]) }
            let r = rows[y]
            let lo = Int(r.opaqueStart)
            let hi = Int(r.opaqueEnd)
            (edges + r.edgeIndex).initialize(from: src, count: lo)
            (edges + r.edgeIndex + lo).initialize(from: src + hi, count: w - hi)
        }
    }

    /// Pixels `opaqueRun(row: y)` of target row y all have alpha 255; the others may not.
    func opaqueRun(row y: Int) -> Range<Int> { Int(rows[y].opaqueStart)..<Int(rows[y].opaqueEnd) }

    /// The premultiplied word composing blends for pixel (x, y) in target orientation: exact for pixels outside
    /// the opaque run (and for every pixel of an XRGB8888 sprite), the RGB565 word widened otherwise.
    func premultipliedWord(x: Int, y: Int) -> UInt32 {
        let r = rows[y]
        let row = pixels + y * stride
        switch format {
        case .xrgb8888:
            return row.load(fromByteOffset: x * 4, as: UInt32.self)
        case .rgb565:
            if x < r.opaqueStart { return edges[r.edgeIndex + x] }
            if x >= r.opaqueEnd { return edges[r.edgeIndex + Int(r.opaqueStart) + x - Int(r.opaqueEnd)] }
            return PixelMath.xrgb(fromRGB565: row.load(fromByteOffset: x * 2, as: UInt16.self))
        }
    }

    /// The pixels between the leading and trailing non-opaque pixels of a row when every one of them is opaque;
    /// an empty run when a translucent pixel sits in between (the whole row is then blended).
    static func opaqueRun(_ b: Bitmap, row y: Int) -> Range<Int> {
        b.pixels.withUnsafeBufferPointer { all in
            let row = UnsafeBufferPointer(rebasing: all[(y * b.width)..<((y + 1) * b.width)])
            var lo = 0
            while lo < row.count && row[lo] >> 24 != 255 { lo += 1 }
            var hi = row.count
            while hi > lo && row[hi - 1] >> 24 != 255 { hi -= 1 }
            // No early exit: a branch-free pass the compiler vectorises (every row of a video frame is read).
            var alpha: UInt32 = 0xFF00_0000
            for word in row[lo..<hi] { alpha &= word }
            return alpha & 0xFF00_0000 == 0xFF00_0000 ? lo..<hi : 0..<0
        }
    }
}

/// One stored row of a `Sprite`: pixels `opaqueStart..<opaqueEnd` are opaque. For RGB565 the row's other pixels
/// are at `edges[edgeIndex...]`: columns `0..<opaqueStart`, then columns `opaqueEnd..<width`.
struct SpriteRow {
    var opaqueStart: Int32
    var opaqueEnd: Int32
    var edgeIndex: Int
}

/// One sprite at a logical position (top-left, in pixels; may be partly or wholly off screen).
public struct Placement: Sendable {
    /// What to draw.
    public var sprite: Sprite
    /// Logical top-left, pixels.
    public var x: Int
    public var y: Int

    /// A sprite at a logical position.
    public init(_ sprite: Sprite, x: Int, y: Int) {
        self.sprite = sprite
        self.x = x
        self.y = y
    }
}
