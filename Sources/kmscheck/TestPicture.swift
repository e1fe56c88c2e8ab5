import Raster

/// A picture whose screendump proves the scanout path: the stride (a white square at the top left stays square),
/// the orientation (it is at the top left) and the last row (a red bar at the bottom).
enum TestPicture {
    static func draw(_ buffer: PixelBuffer, background: UInt32) {
        for (rect, colour) in rectangles(width: buffer.width, height: buffer.height, background: background) {
            fill(buffer, x: rect.x, y: rect.y, width: rect.width, height: rect.height, colour: colour)
        }
    }

    /// The picture as a bitmap (every pixel opaque), to compose what is expected on glass.
    static func bitmap(width: Int, height: Int, background: UInt32) -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        for (rect, colour) in rectangles(width: width, height: height, background: background) {
            for y in rect.y..<rect.maxY {
                for x in rect.x..<rect.maxX { bitmap[x, y] = 0xFF00_0000 | colour }
            }
        }
        return bitmap
    }

    /// The picture's rectangles in drawing order: the background, the white square, the red bar.
    private static func rectangles(width: Int, height: Int, background: UInt32) -> [(PixelRect, UInt32)] {
        [
            (PixelRect(x: 0, y: 0, width: width, height: height), background),
            (PixelRect(x: 0, y: 0, width: 64, height: 64), 0x00_FF_FF_FF),
            (PixelRect(x: 0, y: height - 16, width: width, height: 16), 0x00_FF_00_00),
        ]
    }

    /// Every pixel names its own place (XRGB8888; up to 4095 either way): red is x's low byte, blue y's, green
    /// their high nibbles (x's low, y's high). A screendump of any window says where in the buffer it starts.
    static func coordinates(_ buffer: PixelBuffer) {
        for y in 0..<buffer.height {
            let line = (buffer.base + y * buffer.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<buffer.width {
                let green = UInt32((x >> 8) & 0xF | ((y >> 8) & 0xF) << 4)
                line[x] = UInt32(x & 0xFF) << 16 | green << 8 | UInt32(y & 0xFF)
            }
        }
    }

    static func fill(_ buffer: PixelBuffer, colour: UInt32) {
        fill(buffer, x: 0, y: 0, width: buffer.width, height: buffer.height, colour: colour)
    }

    /// Writes only (scanout memory is write-combined), row by row at the buffer's own stride.
    static func fill(_ buffer: PixelBuffer, x: Int, y: Int, width: Int, height: Int, colour: UInt32) {
        let left = max(0, x)
        let right = min(buffer.width, x + width)
        guard left < right else { return }
        for row in max(0, y)..<min(buffer.height, y + height) {
            let line = buffer.base + row * buffer.stride
            switch buffer.format {
            case .xrgb8888:
                (line.assumingMemoryBound(to: UInt32.self) + left).update(repeating: colour, count: right - left)
            case .rgb565:
                let red = UInt16((colour >> 19) & 0x1F)
                let green = UInt16((colour >> 10) & 0x3F)
                let blue = UInt16((colour >> 3) & 0x1F)
                let pixel = red << 11 | green << 5 | blue
                (line.assumingMemoryBound(to: UInt16.self) + left).update(repeating: pixel, count: right - left)
            }
        }
    }
}
