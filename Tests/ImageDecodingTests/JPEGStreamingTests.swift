import CTurboJPEG
import FileAccess
import Testing

@testable import ImageDecoding
@testable import Raster

/// JPEGs decoded row by row from the open file (`JPEGCodec` over the CJPEGRows shim), against the decoder bannerd
/// had before: TurboJPEG on the whole file in memory.
@Suite struct JPEGStreamingTests {
    let decoder = ImageDecoder()

    /// The kinds of JPEG content arrives in, 240x180 of a photo-like picture.
    static let kinds: [(name: String, bytes: [UInt8])] = {
        let picture = PNGRowDecodingTests.picture(width: 240, height: 180)
        var opaque = Bitmap(width: 240, height: 180, color: .white)
        opaque.draw(picture, x: 0, y: 0)
        return [
            ("4:2:0", TestImages.jpeg(opaque, quality: 88, subsampling: TJSAMP_420)),
            ("4:4:4", TestImages.jpeg(opaque)),
            ("grey", TestImages.jpeg(opaque, subsampling: TJSAMP_GRAY)),
            ("progressive", TestImages.jpeg(opaque, subsampling: TJSAMP_420, flags: TJFLAG_PROGRESSIVE)),
            ("CMYK", TestImages.jpeg(opaque, pixelFormat: TJPF_CMYK)),
        ]
    }()

    @Test(arguments: kinds.indices)
    func wholeAndDCTScaledDecodesAreTurboJPEGsPixelForPixel(kind: Int) throws {
        let (name, bytes) = Self.kinds[kind]
        let path = try TestImages.file(bytes, name: "photo.jpg")
        // 60x45 is exactly 1/4: no averaging, the same library's same scaled IDCT.
        for (fitting, denominator) in [(nil, 1), ((60, 45), 4), ((120, 90), 2), ((30, 22), 8)] as [((Int, Int)?, Int)] {
            let expected = try #require(TestImages.turboJPEGDecode(bytes, denominator: denominator), "\(name)")
            try TestImages.expectDecodes(
                bytes, file: path, fitting: fitting, toBe: expected, "\(name) at 1/\(denominator)")
        }
    }

    @Test(arguments: kinds.indices)
    func averagedRowsMatchTheOldDecodeResampled(kind: Int) throws {
        let (name, bytes) = Self.kinds[kind]
        let path = try TestImages.file(bytes, name: "photo.jpg")
        // 1/2 (120x90) covers 100x60; averaged to 100x75, where the old decoder left 120x90 for the banner to scale.
        let small = try decoder.decode(path: path, fitting: (100, 60))
        #expect(small.width == 100 && small.height == 75)
        let old = try #require(TestImages.turboJPEGDecode(bytes, denominator: 2))
        // The same area average over the same 1/2-scale pixels, in floats: rounding apart, equal.
        #expect(PNGRowDecodingTests.maxDifference(small, old.scaled(width: 100, height: 75)) <= 1, "\(name)")
        #expect(try decoder.decode(bytes: bytes, fitting: (100, 60)) == small)
    }

    @Test(arguments: [100, 400, 1000, 2000])
    func aFileCutShortIsOneErrorNamingIt(keep: Int) throws {
        let bytes = Self.kinds[3].bytes  // progressive: cut inside a later scan too
        let path = try TestImages.file(Array(bytes.prefix(keep)), name: "cut.jpg")
        for fitting in [nil, (60, 45)] as [(Int, Int)?] {
            let e = thrown(ImageError.self) { try decoder.decode(path: path, fitting: fitting) }
            #expect(e?.kind == .corrupt && e?.call.hasPrefix("jpeg_") == true)
            #expect(e?.message == "unexpected end of file")
            #expect(e?.description.hasPrefix(path + ": image data is truncated or corrupt") == true)
        }
    }

    @Test func corruptScanDataIsRefusedNotShownGrey() throws {
        var bytes = Self.kinds[0].bytes
        for i in stride(from: bytes.count / 2, to: bytes.count - 2, by: 97) where bytes[i] != 0xFF { bytes[i] ^= 0x55 }
        let path = try TestImages.file(bytes, name: "bad.jpg")
        let e = thrown(ImageError.self) { try decoder.decode(path: path) }
        #expect(e?.kind == .corrupt && e?.message.isEmpty == false)
        // TurboJPEG refused it as well (its warnings counted as failures).
        #expect(TestImages.turboJPEGDecode(bytes) == nil)
    }

    @Test func limitsAreCheckedOnTheFilesHeaderBeforeTheBody() throws {
        let forged = TestImages.forgingJPEGSize(Self.kinds[0].bytes, width: 9000, height: 9000)
        let path = try TestImages.file(forged, name: "huge.jpg")
        let e = thrown(ImageError.self) { try decoder.decode(path: path, fitting: (100, 100)) }
        #expect(e?.kind == .tooLarge(width: 9000, height: 9000) && e?.call == "limits")
    }
}
