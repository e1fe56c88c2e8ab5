import CWebP
import FileAccess
import Testing

@testable import ImageDecoding
@testable import Raster

/// Still WebPs fed to libwebp's incremental decoder from the open file a chunk at a time (`WebPCodec`), against
/// the decoder bannerd had before: `WebPDecode` on the whole file in memory.
@Suite struct WebPStreamingTests {
    let decoder = ImageDecoder()

    /// A noisy picture (translucent band included), so that every encoding is several of `OpenFile.chunkBytes`.
    static func picture(alpha: Bool) -> Bitmap {
        var b = Bitmap(width: 960, height: 720, color: .white)
        let smooth = PNGRowDecodingTests.picture(width: 960, height: 720)
        if alpha { b = smooth } else { b.draw(smooth, x: 0, y: 0) }
        var seed: UInt32 = 0x9E37_79B9
        for y in 0..<b.height {
            for x in 0..<b.width {
                seed = seed &* 1_664_525 &+ 1_013_904_223
                let c = Color(premultipliedARGB: b[x, y])
                let noise = UInt8(truncatingIfNeeded: seed >> 24) & 0x1F
                b[x, y] =
                    Color(red: c.red ^ noise, green: c.green, blue: c.blue ^ noise, alpha: c.alpha).premultipliedARGB
            }
        }
        return b
    }

    static func encoded(lossless: Bool, alpha: Bool) -> [UInt8] {
        let straight = picture(alpha: alpha).pixels.map { Color(premultipliedARGB: $0).argb }
        var out: UnsafeMutablePointer<UInt8>?
        let size = straight.withUnsafeBytes {
            let bytes = $0.bindMemory(to: UInt8.self).baseAddress
            return lossless
                ? WebPEncodeLosslessBGRA(bytes, 960, 720, 960 * 4, &out)
                : WebPEncodeBGRA(bytes, 960, 720, 960 * 4, 90, &out)
        }
        guard size > 0, let out else { return [] }
        defer { WebPFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }

    static let kinds: [(name: String, bytes: [UInt8])] = [
        ("lossy", encoded(lossless: false, alpha: false)),
        ("lossy with alpha", encoded(lossless: false, alpha: true)),
        ("lossless", encoded(lossless: true, alpha: false)),
        ("lossless with alpha", encoded(lossless: true, alpha: true)),
    ]

    /// The old decode: `WebPDecode` on the whole file at `size`, premultiplied BGRA.
    static func wholeFileDecode(_ bytes: [UInt8], size: (width: Int, height: Int)) -> Bitmap? {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else { return nil }
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBytes { dst in
                guard WebPGetFeatures(src.baseAddress, src.count, &config.input) == VP8_STATUS_OK else {
                    return VP8_STATUS_BITSTREAM_ERROR
                }
                if (size.width, size.height) != (Int(config.input.width), Int(config.input.height)) {
                    config.options.use_scaling = 1
                    config.options.scaled_width = Int32(size.width)
                    config.options.scaled_height = Int32(size.height)
                }
                config.output.colorspace = MODE_bgrA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = dst.baseAddress?.assumingMemoryBound(to: UInt8.self)
                config.output.u.RGBA.stride = Int32(size.width * 4)
                config.output.u.RGBA.size = dst.count
                return WebPDecode(src.baseAddress, src.count, &config)
            }
        }
        WebPFreeDecBuffer(&config.output)
        return status == VP8_STATUS_OK
            ? Bitmap(width: size.width, height: size.height, premultipliedPixels: pixels) : nil
    }

    @Test(arguments: kinds.indices)
    func fileMemoryAndWholeFileDecodesAgreePixelForPixel(kind: Int) throws {
        let (name, bytes) = Self.kinds[kind]
        #expect(bytes.count > 2 * OpenFile.chunkBytes, "\(name): \(bytes.count) bytes")
        let path = try TestImages.file(bytes, name: "picture.webp")
        for (fitting, size) in [(nil, (960, 720)), ((200, 100), (200, 150))] as [((Int, Int)?, (Int, Int))] {
            let expected = try #require(Self.wholeFileDecode(bytes, size: size), "\(name)")
            try TestImages.expectDecodes(bytes, file: path, fitting: fitting, toBe: expected, "\(name) at \(size)")
        }
    }

    @Test(arguments: kinds.indices)
    func aFileCutShortIsOneErrorNamingIt(kind: Int) throws {
        let (name, bytes) = Self.kinds[kind]
        for keep in [40, OpenFile.chunkBytes + 1000, bytes.count - 100] {
            let path = try TestImages.file(Array(bytes.prefix(keep)), name: "cut.webp")
            let e = thrown(ImageError.self, "\(name) cut at \(keep)") {
                try decoder.decode(path: path, fitting: (200, 100))
            }
            #expect(e?.kind == .corrupt && e?.description.hasPrefix(path + ": image data is truncated") == true)
        }
    }

    @Test func aCorruptFrameHeaderIsOneError() throws {
        var bytes = Self.kinds[0].bytes
        for i in 20..<40 { bytes[i] ^= 0x5A }
        let path = try TestImages.file(bytes, name: "bad.webp")
        let e = thrown(ImageError.self) { try decoder.decode(path: path) }
        #expect(e?.kind == .corrupt && e?.description.hasPrefix(path + ": image data is truncated or corrupt") == true)
    }

    /// Lossy data has no checksum: damage past the headers is either refused or decoded as the old decoder did.
    @Test(arguments: kinds.indices)
    func damageInALaterChunkIsRefusedOrDecodedAsBefore(kind: Int) throws {
        var bytes = Self.kinds[kind].bytes
        for i in stride(from: OpenFile.chunkBytes + 7, to: bytes.count, by: 501) { bytes[i] ^= 0x5A }
        let path = try TestImages.file(bytes, name: "damaged.webp")
        let old = Self.wholeFileDecode(bytes, size: (200, 150))
        do {
            #expect(try decoder.decode(path: path, fitting: (200, 100)) == old)
        } catch {
            #expect(error.kind == .corrupt && old == nil, "\(error)")
        }
    }

    @Test func limitsAreCheckedOnTheFilesHeaderBeforeTheBody() throws {
        let path = try TestImages.file(try WebPDecodingTests.bytes("large.webp"), name: "large.webp")
        let small = ImageDecoder(limits: ImageLimits(maxSide: 1000, maxPixels: 1 << 20))
        let e = thrown(ImageError.self) { try small.decode(path: path, fitting: (100, 100)) }
        #expect(e?.kind == .tooLarge(width: 4000, height: 3000) && e?.call == "limits")
    }

    @Test func anAnimationFromAFileShowsItsFirstFrame() throws {
        let bytes = try WebPDecodingTests.bytes("animated.webp")
        let path = try TestImages.file(bytes, name: "animated.webp")
        let image = try decoder.decodeImage(path: path)
        #expect(try image.bitmap == decoder.decode(bytes: bytes))
        #expect(image.note == nil)  // it plays: nothing is left out
    }
}
