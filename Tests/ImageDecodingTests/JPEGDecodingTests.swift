import Testing

@testable import ImageDecoding
@testable import Raster

@Suite struct JPEGDecodingTests {
    let decoder = ImageDecoder()

    static func flat(_ w: Int, _ h: Int, _ c: Color) -> [UInt8] {
        TestImages.jpeg(Bitmap(width: w, height: h, color: c))
    }

    @Test func decodesOpaquePixelsCloseToSource() throws {
        let bytes = Self.flat(24, 16, Color(rgb: 0x3080C0))
        #expect(bytes.count > 100)
        let b = try decoder.decode(bytes: bytes)
        #expect(b.width == 24 && b.height == 16)
        for p in b.pixels {
            let c = Color(premultipliedARGB: p)
            #expect(c.alpha == 255)
            #expect(abs(Int(c.red) - 0x30) <= 3 && abs(Int(c.green) - 0x80) <= 3 && abs(Int(c.blue) - 0xC0) <= 3)
        }
    }

    @Test func largeSourceDecodesAtReducedScaleThatStillCovers() throws {
        let bytes = Self.flat(400, 200, .white)
        #expect(try decoder.decode(bytes: bytes, fitting: (100, 50)).width == 100)
        let b = try decoder.decode(bytes: bytes, fitting: (90, 40))
        // 1/4 (100x50) covers 90x40, 1/8 (50x25) would not; averaged to the 2:1 size that covers it, as PNG and WebP.
        #expect(b.width == 90 && b.height == 45)
        // Under 2× the target: full size.
        #expect(try decoder.decode(bytes: bytes, fitting: (250, 60)).width == 400)
        #expect(try decoder.decode(bytes: bytes).width == 400)
    }

    @Test func theDCTScaleIsTheSmallestThatStillCovers() {
        #expect(JPEGCodec.denominator(for: (1000, 1000), covering: (100, 300)) == 2)
        #expect(JPEGCodec.denominator(for: (1000, 1000), covering: (125, 125)) == 8)
        #expect(JPEGCodec.denominator(for: (1001, 1000), covering: (126, 125)) == 8)  // 1/8 rounds 1001 up to 126
        #expect(JPEGCodec.denominator(for: (1000, 1000), covering: (126, 10)) == 4)
        #expect(JPEGCodec.denominator(for: (1000, 1000), covering: (600, 10)) == 1)
    }

    @Test(arguments: [10, 40, 70, 95])
    func truncatedJPEGIsCorrupt(keepPercent: Int) {
        var b = Bitmap(width: 64, height: 64)
        for y in 0..<64 { b.fill(PixelRect(x: 0, y: y, width: 64, height: 1), with: Color(rgb: UInt32(y * 4) << 8)) }
        let bytes = TestImages.jpeg(b)
        let cut = Array(bytes[0..<(bytes.count * keepPercent / 100)])
        let e = thrown(ImageError.self) { try decoder.decode(bytes: cut, path: "cut.jpg") }
        #expect(e?.kind == .corrupt)
        #expect(e?.call.hasPrefix("jpeg_") == true && e?.message.isEmpty == false)
    }

    @Test func oversizedJPEGIsRefusedFromTheHeader() {
        let bytes = Self.flat(16, 16, .black)
        let forged = TestImages.forgingJPEGSize(bytes, width: 20000, height: 100)
        let e = thrown(ImageError.self) { try decoder.decode(bytes: forged, path: "huge.jpg") }
        #expect(e?.kind == .tooLarge(width: 20000, height: 100))
        let mega = TestImages.forgingJPEGSize(bytes, width: 9000, height: 9000)
        let e2 = thrown(ImageError.self) { try decoder.decode(bytes: mega, path: "huge.jpg") }
        #expect(e2?.kind == .tooLarge(width: 9000, height: 9000))
    }

    @Test func jpegSignatureWithGarbageIsCorrupt() {
        let e = thrown(ImageError.self) { try decoder.decode(bytes: [0xFF, 0xD8, 0xFF, 0, 1, 2, 3]) }
        #expect(e?.kind == .corrupt && e?.call == "jpeg_read_header")
    }
}
