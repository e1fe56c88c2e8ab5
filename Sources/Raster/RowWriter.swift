/// Writes runs of one target row in the target's pixel format: the inner loops of `FrameComposer` and
/// `PixelBuffer.fill`.
///
/// A sprite's opaque run in the target's format goes through `memcpy` (glibc's vector loops are wider than this
/// module's baseline x86-64 code); per-pixel work is left to the few pixels that blend.
struct RowWriter {
    /// Runs shorter than this many pixels (a banner's ear, the gap beside it) are stored inline: a call into
    /// `memcpy` costs more than the few stores.
    static let shortRun = 32

    let target: PixelBuffer
    /// Opaque premultiplied background word.
    let background: UInt32
    /// Fills pixels `x0..<x1` of row `y` with the background.
    @inline(__always)
    func fill(row y: Int, from x0: Int, to x1: Int) {
        fill(target.base + y * target.stride, from: x0, to: x1)
    }

    /// Fills pixels `x0..<x1` of the row starting at `row` with the background.
    @inline(__always)
    func fill(_ row: UnsafeMutableRawPointer, from x0: Int, to x1: Int) {
        switch target.format {
        case .xrgb8888:
            let p = row.assumingMemoryBound(to: UInt32.self)
            (p + x0).update(repeating: background, count: x1 - x0)
        case .rgb565:
            let p = row.assumingMemoryBound(to: UInt16.self)
            (p + x0).update(repeating: PixelMath.rgb565(background), count: x1 - x0)
        }
    }

    /// Copies `n` pixels already in the target's format from `src` to column `x` of the row starting at `row`.
    @inline(__always)
    func copy(_ src: UnsafeRawPointer, pixels n: Int, into row: UnsafeMutableRawPointer, at x: Int) {
        switch target.format {
        case .xrgb8888:
            let d = row.assumingMemoryBound(to: UInt32.self) + x
            let p = src.assumingMemoryBound(to: UInt32.self)
            if n < RowWriter.shortRun {
                for i in 0..<n { d[i] = p[i] }
            } else {
                d.update(from: p, count: n)
            }
        case .rgb565:
            let d = row.assumingMemoryBound(to: UInt16.self) + x
            let p = src.assumingMemoryBound(to: UInt16.self)
            if n < RowWriter.shortRun {
                for i in 0..<n { d[i] = p[i] }
            } else {
                d.update(from: p, count: n)
            }
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
