/// Memory that owns its pixels and lends them as a `PixelBuffer`: for screenshots, golden images, tests and a fake
/// display. (Real scanout buffers are mapped by the DRM wrapper, not this.)
public final class PixelBufferStorage {
    /// The view the composer writes into; valid while this storage lives.
    public let buffer: PixelBuffer
    private let memory: UnsafeMutableRawPointer

    /// Zeroed storage of `width × height` pixels in `format`, rows `stride` bytes apart (tightly packed when nil).
    public init(width: Int, height: Int, format: PixelFormat, stride: Int? = nil) {
        let w = max(0, width)
        let h = max(0, height)
        let rowBytes = max(stride ?? 0, w * format.bytesPerPixel)
        let count = max(1, rowBytes * h)
        memory = .allocate(byteCount: count, alignment: 16)
        memory.initializeMemory(as: UInt8.self, repeating: 0, count: count)
        buffer = PixelBuffer(base: memory, width: w, height: h, stride: rowBytes, format: format)
    }

    deinit { memory.deallocate() }
}

extension PixelBuffer {
    /// The pixel at (x, y) as opaque 0xFFRRGGBB (RGB565 expanded), or nil outside the buffer.
    ///
    /// Reads memory: use on owned buffers (screenshots, tests), never on a write-combined scanout buffer.
    public func xrgb(x: Int, y: Int) -> UInt32? {
        guard x >= 0, y >= 0, x < width, y < height else { return nil }
        let row = base + y * stride
        switch format {
        case .xrgb8888: return row.load(fromByteOffset: x * 4, as: UInt32.self) | 0xFF00_0000
        case .rgb565: return PixelMath.xrgb(fromRGB565: row.load(fromByteOffset: x * 2, as: UInt16.self))
        }
    }

    /// The raw RGB565 word at (x, y); nil outside the buffer or when the format is not RGB565.
    public func rgb565(x: Int, y: Int) -> UInt16? {
        guard format == .rgb565, x >= 0, y >= 0, x < width, y < height else { return nil }
        return (base + y * stride).load(fromByteOffset: x * 2, as: UInt16.self)
    }

    /// An opaque bitmap copy of the buffer's pixels (a screenshot); see `xrgb(x:y:)` about reading.
    public func snapshot() -> Bitmap {
        var out = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width { out[x, y] = xrgb(x: x, y: y) ?? 0xFF00_0000 }
        }
        return out
    }
}
