extension PixelBuffer {
    /// Fills the whole buffer with `color` (alpha ignored), row by row, writing each byte once.
    public func fill(_ color: Color) {
        let writer = RowWriter(target: self, background: color.premultipliedARGB | 0xFF00_0000)
        for y in 0..<height { writer.fill(row: y, from: 0, to: width) }
    }

    /// Copies a frame composed in logical orientation into this buffer, turning it by `rotation` on the way;
    /// translucent pixels blend over `background`, and target pixels the frame does not reach get `background`.
    ///
    /// Target rows are written in order, each byte once, reading the frame with a stride instead: scanout
    /// memory is write-combined and must be written sequentially, while the frame is cached memory. For the
    /// carousel prefer `FrameComposer`, which skips the intermediate frame altogether.
    public func copy(_ frame: Bitmap, rotation: Rotation, background: Color) {
        let bg = background.premultipliedARGB | 0xFF00_0000
        let logical = rotation.logicalSize(targetWidth: width, targetHeight: height)
        frame.pixels.withUnsafeBufferPointer { src in
            for ty in 0..<height {
                let row = base + ty * stride
                for tx in 0..<width {
                    let l = rotation.logicalPoint(
                        targetX: tx, targetY: ty, logicalWidth: logical.width, logicalHeight: logical.height)
                    let inside = l.x < frame.width && l.y < frame.height
                    let p = inside ? PixelMath.sourceOver(src[l.y * frame.width + l.x], bg) : bg
                    switch format {
                    case .xrgb8888: row.storeBytes(of: p, toByteOffset: tx * 4, as: UInt32.self)
                    case .rgb565: row.storeBytes(of: PixelMath.rgb565(p), toByteOffset: tx * 2, as: UInt16.self)
                    }
                }
            }
        }
    }
}
