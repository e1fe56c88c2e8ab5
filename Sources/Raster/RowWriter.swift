/// Writes runs of one target row in the target's pixel format: the inner loops of `FrameComposer` and
/// `PixelBuffer.fill`.
///
/// A row is mostly one long copy (a banner) between short runs (a neighbour's ear, the gaps beside it). Long copies
/// go through `memcpy` (glibc's vector loops are wider than this module's baseline x86-64 code), and so do long
/// fills, copied from a row of background in cached memory when the writer has one; short copies and fills are a
/// few 16-, 8-, 4- or 2-byte stores that may overlap, whatever the format, instead of a call or a loop per pixel:
/// there are several short runs in every row, so their cost is a share of the frame's. Per-pixel work is left to
/// the few pixels that blend.
struct RowWriter {
    /// Copies of at least this many bytes go through `memcpy`; below, the call costs more than the stores.
    static let longCopy = 128

    let target: PixelBuffer
    /// Opaque premultiplied background word.
    let background: UInt32
    /// The background in the target's format, repeated over 16 bytes (a pixel's bytes start every 2 or 4).
    private let pattern: SIMD2<UInt64>
    private let bytesPerPixel: Int
    /// At least one target row of background pixels, in cached memory (never the target: it may be uncached).
    private let backgroundRow: UnsafeRawPointer?

    /// A writer for `target`; with `backgroundRow`, writable memory of at least one target row (`target.width`
    /// pixels), it fills that row with the background and copies long fills from it.
    init(target: PixelBuffer, background: UInt32, backgroundRow: UnsafeMutableRawPointer? = nil) {
        self.target = target
        self.background = background
        bytesPerPixel = target.format.bytesPerPixel
        let word: UInt64
        switch target.format {
        case .xrgb8888: word = UInt64(background) &* 0x1_0000_0001
        case .rgb565: word = UInt64(PixelMath.rgb565(background)) &* 0x0001_0001_0001_0001
        }
        pattern = SIMD2(repeating: word)
        self.backgroundRow = UnsafeRawPointer(backgroundRow)
        if let backgroundRow { storePattern(backgroundRow, bytes: target.width * bytesPerPixel) }
    }

    /// Fills pixels `x0..<x1` of row `y` with the background.
    @inline(__always)
    func fill(row y: Int, from x0: Int, to x1: Int) {
        fill(target.base + y * target.stride, from: x0, to: x1)
    }

    /// Fills pixels `x0..<x1` of the row starting at `row` with the background.
    @inline(__always)
    func fill(_ row: UnsafeMutableRawPointer, from x0: Int, to x1: Int) {
        let d = row + x0 * bytesPerPixel
        let n = (x1 - x0) * bytesPerPixel
        if n >= RowWriter.longCopy, let backgroundRow {
            d.copyMemory(from: backgroundRow, byteCount: n)
        } else {
            storePattern(d, bytes: n)
        }
    }

    /// Stores the background over `n` bytes at `d`, a pixel boundary.
    @inline(__always)
    private func storePattern(_ d: UnsafeMutableRawPointer, bytes n: Int) {
        if n >= 16 {
            var i = 0
            while i < n - 16 {
                d.storeBytes(of: pattern, toByteOffset: i, as: SIMD2<UInt64>.self)
                i += 16
            }
            d.storeBytes(of: pattern, toByteOffset: n - 16, as: SIMD2<UInt64>.self)
        } else {
            // Every store starts on a pixel boundary, so each lands in phase with the repeated pixel.
            let w = pattern[0]
            if n >= 8 {
                d.storeBytes(of: w, as: UInt64.self)
                d.storeBytes(of: w, toByteOffset: n - 8, as: UInt64.self)
            } else if n >= 4 {
                d.storeBytes(of: UInt32(truncatingIfNeeded: w), as: UInt32.self)
                d.storeBytes(of: UInt32(truncatingIfNeeded: w), toByteOffset: n - 4, as: UInt32.self)
            } else if n >= 2 {
                d.storeBytes(of: UInt16(truncatingIfNeeded: w), as: UInt16.self)
            }
        }
    }

    /// Copies `n` pixels already in the target's format from `src` to column `x` of the row starting at `row`.
    @inline(__always)
    func copy(_ src: UnsafeRawPointer, pixels n: Int, into row: UnsafeMutableRawPointer, at x: Int) {
        let d = row + x * bytesPerPixel
        let bytes = n * bytesPerPixel
        if bytes >= RowWriter.longCopy {
            d.copyMemory(from: src, byteCount: bytes)
        } else if bytes >= 16 {
            var i = 0
            while i < bytes - 16 {
                d.storeBytes(
                    of: src.loadUnaligned(fromByteOffset: i, as: SIMD2<UInt64>.self), toByteOffset: i,
                    as: SIMD2<UInt64>.self)
                i += 16
            }
            d.storeBytes(
                of: src.loadUnaligned(fromByteOffset: bytes - 16, as: SIMD2<UInt64>.self), toByteOffset: bytes - 16,
                as: SIMD2<UInt64>.self)
        } else if bytes >= 8 {
            let head = src.loadUnaligned(as: UInt64.self)
            let tail = src.loadUnaligned(fromByteOffset: bytes - 8, as: UInt64.self)
            d.storeBytes(of: head, as: UInt64.self)
            d.storeBytes(of: tail, toByteOffset: bytes - 8, as: UInt64.self)
        } else if bytes >= 4 {
            let head = src.loadUnaligned(as: UInt32.self)
            let tail = src.loadUnaligned(fromByteOffset: bytes - 4, as: UInt32.self)
            d.storeBytes(of: head, as: UInt32.self)
            d.storeBytes(of: tail, toByteOffset: bytes - 4, as: UInt32.self)
        } else if bytes >= 2 {
            d.storeBytes(of: src.loadUnaligned(as: UInt16.self), as: UInt16.self)
        }
    }

    /// Writes target columns `x0..<x1` of target row `ty` (inside both the target and `s`) from sprite `s`:
    /// its opaque run copied, its other pixels blended over the background.
    @inline(__always)
    func copy(_ s: PlacedSprite, from x0: Int, to x1: Int, row ty: Int, into row: UnsafeMutableRawPointer) {
        let sy = ty - s.y
        let r = s.rows[sy]
        let start = Int(r.opaqueStart)
        let end = Int(r.opaqueEnd)
        // Three runs in target columns: blended left edge, copied opaque middle, blended right edge.
        let midLo = min(max(x0, s.x + start), x1)
        let midHi = max(min(x1, s.x + end), midLo)
        let src = s.pixels + sy * s.stride
        // Where the 32-bit words of edge pixels are: in the row itself (XRGB8888), or in the side table.
        let words: UnsafePointer<UInt32>
        let left: Int
        let right: Int
        switch s.format {
        case .xrgb8888:
            words = src.assumingMemoryBound(to: UInt32.self)
            left = -s.x
            right = -s.x
        case .rgb565:
            words = s.edges
            left = r.edgeIndex - s.x
            right = r.edgeIndex + start - end - s.x
        }
        let bg = background
        let count = midHi - midLo
        let middle = src + (midLo - s.x) * s.format.bytesPerPixel
        // Left to right, as write-combined memory wants it: left edge, middle, right edge.
        switch target.format {
        case .xrgb8888:
            let dst = row.assumingMemoryBound(to: UInt32.self)
            for x in x0..<midLo { dst[x] = PixelMath.sourceOver(words[left + x], bg) }
            if s.format == .xrgb8888 {
                copy(middle, pixels: count, into: row, at: midLo)
            } else {
                // A sprite prepared for RGB565 shown on an XRGB8888 target (a display swapped under a cached
                // sprite): widened, at RGB565 precision, until the sprite is prepared again.
                let d = dst + midLo
                let p = middle.assumingMemoryBound(to: UInt16.self)
                for i in 0..<count { d[i] = PixelMath.xrgb(fromRGB565: p[i]) }
            }
            for x in midHi..<x1 { dst[x] = PixelMath.sourceOver(words[right + x], bg) }
        case .rgb565:
            let dst = row.assumingMemoryBound(to: UInt16.self)
            for x in x0..<midLo { dst[x] = PixelMath.rgb565(PixelMath.sourceOver(words[left + x], bg)) }
            if s.format == .rgb565 {
                copy(middle, pixels: count, into: row, at: midLo)
            } else {
                // A sprite not prepared for RGB565: packed here, every frame.
                let d = dst + midLo
                let p = middle.assumingMemoryBound(to: UInt32.self)
                for i in 0..<count { d[i] = PixelMath.rgb565(p[i]) }
            }
            for x in midHi..<x1 { dst[x] = PixelMath.rgb565(PixelMath.sourceOver(words[right + x], bg)) }
        }
    }
}

/// A sprite's memory and its place in the target for one frame: plain values, so the row loops neither retain
/// nor check bounds. Valid while the `Placement` holding the sprite lives (the length of one `compose`).
struct PlacedSprite {
    var pixels: UnsafeRawPointer
    var stride: Int
    var rows: UnsafePointer<SpriteRow>
    var edges: UnsafePointer<UInt32>
    var format: PixelFormat
    /// The sprite itself, for what is looked up once per band (not retained: the placement holds it).
    var sprite: Unmanaged<Sprite>
    /// Target position of the sprite's top-left pixel (may be off screen).
    var x: Int
    var y: Int
    /// The part of the sprite inside the target, in target pixels.
    var clip: PixelRect
    /// Target rows opaque from edge to edge (`Sprite.opaqueRows` moved to the target).
    var opaqueTop: Int
    var opaqueBottom: Int

    init(_ sprite: Sprite, x: Int, y: Int, clip: PixelRect) {
        pixels = UnsafeRawPointer(sprite.pixels)
        stride = sprite.stride
        rows = UnsafePointer(sprite.rows)
        edges = UnsafePointer(sprite.edges)
        format = sprite.format
        self.sprite = .passUnretained(sprite)
        self.x = x
        self.y = y
        self.clip = clip
        opaqueTop = y + sprite.opaqueRows.lowerBound
        opaqueBottom = y + sprite.opaqueRows.upperBound
    }
}
