import CTurboJPEG
import FileAccess
import Glibc
import Raster
import Testing

@testable import ImageDecoding

/// The `E` that `body` throws; an issue (and nil) when it throws something else or nothing. Swift 6.0's
/// `#expect(throws:)`, Debian trixie's compiler, does not return the error as 6.1's does.
func thrown<E: Error, R>(
    _ type: E.Type, _ comment: Comment? = nil, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: () throws -> R
) -> E? {
    do {
        _ = try body()
        Issue.record(comment ?? "nothing was thrown", sourceLocation: sourceLocation)
    } catch let error as E {
        return error
    } catch {
        Issue.record("\(error) was thrown, not \(E.self)", sourceLocation: sourceLocation)
    }
    return nil
}

/// Small images made in the tests, and a scratch directory for files.
enum TestImages {
    /// A bitmap with a different colour in every pixel and a few translucent ones.
    static func pattern(width: Int, height: Int, alpha: Bool = false) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let a: UInt8 = alpha && (x + y) % 3 == 0 ? 128 : 255
                let c = Color(
                    red: UInt8((x * 37) & 0xFF), green: UInt8((y * 53) & 0xFF), blue: UInt8((x + y) & 0xFF), alpha: a)
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }

    /// A fresh empty directory under /tmp.
    static func scratchDirectory() -> String {
        var template = Array("/tmp/bannerd-test-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        return made ?? "/tmp"
    }

    /// `bytes` written to a file in a fresh scratch directory, and its path.
    static func file(_ bytes: [UInt8], name: String) throws -> String {
        let path = scratchDirectory() + "/" + name
        try LocalFiles().writeAtomically(bytes, to: path)
        return path
    }

    /// Expects `bytes` decoded to fit `fitting` to be `expected`, from memory and from the file at `path` alike.
    static func expectDecodes(
        _ bytes: [UInt8], file path: String, fitting: (width: Int, height: Int)?, toBe expected: Bitmap,
        _ label: String, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let decoder = ImageDecoder()
        #expect(
            try decoder.decode(path: path, fitting: fitting) == expected, "\(label)", sourceLocation: sourceLocation)
        #expect(
            try decoder.decode(bytes: bytes, fitting: fitting) == expected, "\(label)", sourceLocation: sourceLocation)
    }

    /// A JPEG of `bitmap` made with TurboJPEG's compressor (test-only: bannerd never encodes JPEG): 4:4:4 unless
    /// told otherwise, `TJFLAG_PROGRESSIVE` in `flags` for a progressive file, `TJPF_CMYK` to store the pixels'
    /// bytes as CMYK inks (an Adobe-style YCCK file).
    static func jpeg(
        _ bitmap: Bitmap, quality: Int32 = 95, subsampling: TJSAMP = TJSAMP_444, flags: Int32 = 0,
        pixelFormat: TJPF = TJPF_BGRA
    ) -> [UInt8] {
        guard let h = tjInitCompress() else { return [] }
        defer { tjDestroy(h) }
        var out: UnsafeMutablePointer<UInt8>? = nil
        var size: UInt = 0
        let rc = bitmap.pixels.withUnsafeBytes { src in
            tjCompress2(
                h, src.bindMemory(to: UInt8.self).baseAddress, Int32(bitmap.width), Int32(bitmap.width * 4),
                Int32(bitmap.height), pixelFormat.rawValue, &out, &size, Int32(subsampling.rawValue), quality, flags)
        }
        guard rc == 0, let out else { return [] }
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// The decoder bannerd had before it streamed JPEGs: TurboJPEG's `tjDecompress2` on the whole file at
    /// 1/`denominator`, accurate DCT, CMYK converted as `JPEGCodec` converts it; nil when it refuses the file.
    static func turboJPEGDecode(_ bytes: [UInt8], denominator: Int = 1) -> Bitmap? {
        guard let h = tjInitDecompress() else { return nil }
        defer { tjDestroy(h) }
        var w: Int32 = 0
        var hgt: Int32 = 0
        var sampling: Int32 = 0
        var space: Int32 = 0
        guard tjDecompressHeader3(h, bytes, UInt(bytes.count), &w, &hgt, &sampling, &space) == 0 else { return nil }
        let width = (Int(w) + denominator - 1) / denominator
        let height = (Int(hgt) + denominator - 1) / denominator
        let cmyk = space == TJCS_CMYK.rawValue || space == TJCS_YCCK.rawValue
        var pixels = [UInt32](repeating: 0, count: width * height)
        let rc = pixels.withUnsafeMutableBytes { dst in
            tjDecompress2(
                h, bytes, UInt(bytes.count), dst.bindMemory(to: UInt8.self).baseAddress, Int32(width),
                Int32(width * 4), Int32(height), cmyk ? TJPF_CMYK.rawValue : TJPF_BGRA.rawValue, TJFLAG_ACCURATEDCT)
        }
        guard rc == 0 else { return nil }
        if cmyk { pixels.withUnsafeMutableBufferPointer { JPEGCodec.convertInvertedCMYK($0) } }
        return Bitmap(width: width, height: height, premultipliedPixels: pixels)
    }

    /// CRC-32 (ISO-HDLC, as PNG chunks use), to forge headers.
    static func crc32(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            c ^= UInt32(b)
            for _ in 0..<8 { c = (c & 1) != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        }
        return ~c
    }

    /// `png` with the IHDR width and height replaced (and its CRC fixed), so only the size check can refuse it.
    static func forgingPNGSize(_ png: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        var p = png
        // Signature (8) + length (4) + "IHDR" (4), then width and height big-endian.
        for (i, v) in [width, height].enumerated() {
            for k in 0..<4 { p[16 + i * 4 + k] = UInt8(truncatingIfNeeded: v >> (24 - 8 * UInt32(k))) }
        }
        let crc = crc32(p[12..<29])
        for k in 0..<4 { p[29 + k] = UInt8(truncatingIfNeeded: crc >> (24 - 8 * UInt32(k))) }
        return p
    }

    /// `jpeg` with its SOF frame height and width replaced.
    static func forgingJPEGSize(_ jpeg: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
        var p = jpeg
        var i = 2
        while i + 9 < p.count {
            guard p[i] == 0xFF else { break }
            let marker = p[i + 1]
            let length = Int(p[i + 2]) << 8 | Int(p[i + 3])
            if marker == 0xC0 || marker == 0xC2 {
                p[i + 5] = UInt8(height >> 8)
                p[i + 6] = UInt8(height & 0xFF)
                p[i + 7] = UInt8(width >> 8)
                p[i + 8] = UInt8(width & 0xFF)
                return p
            }
            i += 2 + length
        }
        return p
    }
}
