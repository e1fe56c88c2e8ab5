/// PNG files written byte by byte, for the layouts `PNGEncoder` (libpng's simplified writer) cannot make: Adam7
/// interlacing, grey, palette and 16-bit samples. The image data is zlib with stored (uncompressed) blocks, so no
/// compressor is needed.
struct HandMadePNG {
    var width: Int
    var height: Int
    /// PNG colour type: 0 grey, 2 RGB, 3 palette, 4 grey + alpha, 6 RGBA.
    var colorType: UInt8 = 6
    var bitDepth: UInt8 = 8
    var interlaced = false
    /// PLTE entries (R, G, B each) for colour type 3.
    var palette: [UInt8] = []
    /// The samples of pixel (x, y), one per channel, each below 2^bitDepth.
    var samples: (Int, Int) -> [Int]

    /// The file's bytes.
    var bytes: [UInt8] {
        var ihdr = Self.u32(width) + Self.u32(height)
        ihdr += [bitDepth, colorType, 0, 0, interlaced ? 1 : 0]
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        out += Self.chunk("IHDR", ihdr)
        if !palette.isEmpty { out += Self.chunk("PLTE", palette) }
        out += Self.chunk("IDAT", Self.zlibStored(scanlines()))
        out += Self.chunk("IEND", [])
        return out
    }

    /// Filter-0 scanlines, pass after pass when interlaced (Adam7's start and step for rows and columns).
    func scanlines() -> [UInt8] {
        let passes =
            interlaced
            ? [(0, 0, 8, 8), (0, 4, 8, 8), (4, 0, 8, 4), (0, 2, 4, 4), (2, 0, 4, 2), (0, 1, 2, 2), (1, 0, 2, 1)]
            : [(0, 0, 1, 1)]
        var data: [UInt8] = []
        for (firstRow, firstColumn, rowStep, columnStep) in passes {
            let columns = Array(stride(from: firstColumn, to: width, by: columnStep))
            guard !columns.isEmpty else { continue }
            for y in stride(from: firstRow, to: height, by: rowStep) {
                data.append(0)
                data += packed(columns.flatMap { samples($0, y) })
            }
        }
        return data
    }

    /// Samples packed big-endian at `bitDepth` bits, the row padded to a whole byte.
    private func packed(_ values: [Int]) -> [UInt8] {
        if bitDepth == 16 { return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] } }
        if bitDepth == 8 { return values.map { UInt8($0) } }
        var out: [UInt8] = []
        var bits = 0
        var current = 0
        for v in values {
            current = current << Int(bitDepth) | v
            bits += Int(bitDepth)
            if bits == 8 {
                out.append(UInt8(current))
                bits = 0
                current = 0
            }
        }
        if bits > 0 { out.append(UInt8(current << (8 - bits))) }
        return out
    }

    static func u32(_ v: Int) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: v >> (24 - 8 * $0)) } }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return u32(data.count) + body + u32(Int(TestImages.crc32(body[...])))
    }

    /// A zlib stream of stored deflate blocks (RFC 1950/1951) with its Adler-32.
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8(~n >> 8 & 0xFF)]
            out += data[offset..<offset + n]
            offset += n
        } while offset < data.count
        var a = 1
        var b = 0
        for byte in data {
            a = (a + Int(byte)) % 65521
            b = (b + a) % 65521
        }
        return out + u32(b << 16 | a)
    }
}
