/// Writes runs of one target row in the target's pixel format: the inner loops of `FrameComposer`.
struct RowWriter {
    let target: PixelBuffer
    /// Opaque premultiplied background word.
    let background: UInt32

    /// Fills pixels `x0..<x1` of row `y` with the background.
    @inline(__always)
    func fill(row y: Int, from x0: Int, to x1: Int) {
        let row = target.base + y * target.stride
        switch target.format {
        case .xrgb8888:
            let p = row.assumingMemoryBound(to: UInt32.self)
            (p + x0).update(repeating: background, count: x1 - x0)
        case .rgb565:
            let p = row.assumingMemoryBound(to: UInt16.self)
            (p + x0).update(repeating: PixelMath.rgb565(background), count: x1 - x0)
        }
    }

    /// Writes row `spriteRow` of `sprite` with its left edge at target column `originX`, clipped to the target:
    /// its opaque run copied, the other pixels blended over the background.
    @inline(__always)
    func copy(_ sprite: Sprite, spriteRow sy: Int, originX: Int, row y: Int) {
        let bw = sprite.bitmap.width
        let lo = max(0, -originX)
        let hi = min(bw, target.width - originX)
        guard lo < hi else { return }
        let opaqueLo = Int(sprite.opaqueStart[sy])
        let opaqueHi = Int(sprite.opaqueEnd[sy])
        let bg = background
        let row = target.base + y * target.stride
        // Three runs: blended left edge, copied opaque middle, blended right edge.
        let midLo = min(max(lo, opaqueLo), hi)
        let midHi = max(min(hi, opaqueHi), midLo)
        sprite.bitmap.pixels.withUnsafeBufferPointer { all in
            guard let src = all.baseAddress.map({ $0 + sy * bw }) else { return }
            switch target.format {
            case .xrgb8888:
                let dst = row.assumingMemoryBound(to: UInt32.self) + originX
                for x in lo..<midLo { dst[x] = PixelMath.sourceOver(src[x], bg) }
                (dst + midLo).update(from: src + midLo, count: midHi - midLo)
                for x in midHi..<hi { dst[x] = PixelMath.sourceOver(src[x], bg) }
            case .rgb565:
                let dst = row.assumingMemoryBound(to: UInt16.self) + originX
                for x in lo..<midLo { dst[x] = PixelMath.rgb565(PixelMath.sourceOver(src[x], bg)) }
                for x in midLo..<midHi { dst[x] = PixelMath.rgb565(src[x]) }
                for x in midHi..<hi { dst[x] = PixelMath.rgb565(PixelMath.sourceOver(src[x], bg)) }
            }
        }
    }
}
