/// GIF files written byte by byte, for what an encoder chooses for itself: each disposal, transparency, interlacing,
/// a frame past the canvas, the loop count and every delay. The image data is LZW without compression (a clear
/// code every 64 pixels keeps every code 9 bits wide), so no compressor is needed.
struct HandMadeGIF {
    struct Frame {
        var x = 0
        var y = 0
        var width: Int
        var height: Int
        /// Colour indices, row by row (top to bottom, whatever the interlacing).
        var indices: [UInt8]
        /// Centiseconds.
        var delay = 10
        var disposal = 0
        var transparent: UInt8?
        var interlaced = false
    }

    var width: Int
    var height: Int
    /// The global colour table, up to 256 entries (padded with black to 256).
    var colors: [(UInt8, UInt8, UInt8)]
    /// NETSCAPE2.0's count; nil writes no loop extension.
    var loops: Int?
    var frames: [Frame]

    var bytes: [UInt8] {
        var out = Array("GIF89a".utf8) + Self.u16(width) + Self.u16(height)
        out += [0xF7, 0, 0]  // a 256-entry global table, background 0, no aspect ratio
        for index in 0..<256 {
            let color = index < colors.count ? colors[index] : (0, 0, 0)
            out += [color.0, color.1, color.2]
        }
        if let loops { out += [0x21, 0xFF, 11] + Array("NETSCAPE2.0".utf8) + [3, 1] + Self.u16(loops) + [0] }
        for frame in frames {
            let packed = UInt8(frame.disposal << 2) | (frame.transparent == nil ? 0 : 1)
            out += [0x21, 0xF9, 4, packed] + Self.u16(frame.delay) + [frame.transparent ?? 0, 0]
            out += [0x2C] + Self.u16(frame.x) + Self.u16(frame.y) + Self.u16(frame.width) + Self.u16(frame.height)
            out += [frame.interlaced ? 0x40 : 0]
            var rows = Array(0..<frame.height)
            if frame.interlaced {
                rows = [(0, 8), (4, 8), (2, 4), (1, 2)].flatMap { start, step in
                    Array(stride(from: start, to: frame.height, by: step))
                }
            }
            let pixels = rows.flatMap { frame.indices[$0 * frame.width..<($0 + 1) * frame.width] }
            out += [8] + Self.subBlocks(Self.lzw(pixels)) + [0]
        }
        return out + [0x3B]
    }

    /// LZW codes for `pixels` with minimum code size 8: a clear code (256) every 64 pixels, so the table never
    /// grows to 512 entries and every code stays 9 bits; then the end code (257). Packed least significant bit first.
    static func lzw(_ pixels: [UInt8]) -> [UInt8] {
        var codes: [Int] = []
        for (n, pixel) in pixels.enumerated() {
            if n % 64 == 0 { codes.append(256) }
            codes.append(Int(pixel))
        }
        codes.append(257)
        var out: [UInt8] = []
        var bits = 0
        var count = 0
        for code in codes {
            bits |= code << count
            count += 9
            while count >= 8 {
                out.append(UInt8(bits & 0xFF))
                bits >>= 8
                count -= 8
            }
        }
        if count > 0 { out.append(UInt8(bits & 0xFF)) }
        return out
    }

    static func subBlocks(_ data: [UInt8]) -> [UInt8] {
        stride(from: 0, to: data.count, by: 255).flatMap { start in
            let block = data[start..<min(data.count, start + 255)]
            return [UInt8(block.count)] + block
        }
    }

    static func u16(_ value: Int) -> [UInt8] { [UInt8(value & 0xFF), UInt8(value >> 8 & 0xFF)] }
}
