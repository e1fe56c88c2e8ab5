import FileAccess
import Glibc
import Testing

@testable import ImageDecoding
@testable import Raster

/// PNGs larger than they are shown, read a row at a time into an area average (`PNGCodec+Rows.swift`).
@Suite struct PNGRowDecodingTests {
    let decoder = ImageDecoder()

    /// The largest difference of any channel of any pixel; the sizes must match.
    static func maxDifference(_ a: Bitmap, _ b: Bitmap) -> Int {
        guard a.width == b.width, a.height == b.height else { return .max }
        var worst = 0
        for (p, q) in zip(a.pixels, b.pixels) {
            for c in 0..<4 {
                let x = Int(p >> (8 * UInt32(c)) & 0xFF)
                let y = Int(q >> (8 * UInt32(c)) & 0xFF)
                worst = max(worst, abs(x - y))
            }
        }
        return worst
    }

    /// Smooth gradients with a ripple and a translucent band, as artwork might be.
    static func picture(width: Int, height: Int) -> Bitmap {
        var b = Bitmap(width: width, height: height)
        for y in 0..<height {
            for x in 0..<width {
                let ripple = 40 * sin(Double(x) / 9) * cos(Double(y) / 13)
                let c = Color(
                    red: UInt8(x * 255 / width), green: UInt8(y * 255 / height),
                    blue: UInt8(128 + ripple), alpha: (height / 3..<height / 2).contains(y) ? 160 : 255)
                b[x, y] = c.premultipliedARGB
            }
        }
        return b
    }

    /// The whole decode area-averaged (Raster's resampler) to the size the row decode chose.
    func reference(_ bytes: [UInt8], size: (width: Int, height: Int)) throws -> Bitmap {
        try decoder.decode(bytes: bytes).scaled(width: size.width, height: size.height)
    }

    @Test(arguments: [(400, 300, 100, 75, 1), (401, 299, 96, 40, 1), (900, 120, 150, 20, 1)])
    func downscaledPNGIsTheAreaAverageOfTheWholeDecode(width: Int, height: Int, fitW: Int, fitH: Int, tolerance: Int)
        throws
    {
        let bytes = try PNGEncoder().encode(Self.picture(width: width, height: height))
        let small = try decoder.decode(bytes: bytes, fitting: (fitW, fitH))
        let expected = DecodeSize.covering((fitW, fitH), from: (width, height))
        #expect(small.width == expected.width && small.height == expected.height)
        #expect(small.width >= fitW && small.height >= fitH)
        // Whole ratios average the same pixels (the float resampler rounds once differently); other ratios split
        // pixels at the edges of each output pixel where rows stream whole source pixels.
        #expect(Self.maxDifference(small, try reference(bytes, size: (small.width, small.height))) <= tolerance)
    }

    @Test func notTwiceTheSizeNeededDecodesWholeAndExactly() throws {
        let picture = Self.picture(width: 300, height: 200)
        let bytes = try PNGEncoder().encode(picture)
        #expect(try decoder.decode(bytes: bytes, fitting: (160, 90)) == picture)
    }

    /// Straight RGBA samples varying in every channel, some translucent.
    static func samples(_ x: Int, _ y: Int) -> [Int] {
        [(x * 7 + y) & 0xFF, (y * 5) & 0xFF, (x * y) & 0xFF, (x + y) % 5 == 0 ? 90 : 255]
    }

    @Test func interlacedPNGDecodesWholeExactly() throws {
        let png = HandMadePNG(width: 37, height: 23, interlaced: true, samples: Self.samples)
        let bitmap = try decoder.decode(bytes: png.bytes)
        for y in 0..<23 {
            for x in 0..<37 {
                let s = Self.samples(x, y).map(UInt8.init)
                #expect(bitmap[x, y] == Color(red: s[0], green: s[1], blue: s[2], alpha: s[3]).premultipliedARGB)
            }
        }
    }

    /// Each pass's pixels land where they sit in the image: the same sums as a plain file, so the same pixels.
    @Test(arguments: [(203, 117, 40, 20), (9, 3, 2, 1), (3, 17, 1, 5), (2, 64, 1, 8), (64, 2, 8, 1)])
    func interlacedDownscalesExactlyAsThePlainFile(width: Int, height: Int, fitW: Int, fitH: Int) throws {
        var png = HandMadePNG(width: width, height: height, samples: Self.samples)
        let plain = try decoder.decode(bytes: png.bytes, fitting: (fitW, fitH))
        png.interlaced = true
        let interlaced = try decoder.decode(bytes: png.bytes, fitting: (fitW, fitH))
        #expect(interlaced.width < width || interlaced.height < height)
        #expect(interlaced.pixels == plain.pixels)
        #expect(Self.maxDifference(interlaced, try reference(png.bytes, size: (plain.width, plain.height))) <= 1)
    }

    /// Grey, grey with alpha, palette with 4-bit indices and 1-bit grey come out as the whole decode does; 16-bit
    /// samples without gamma are linear light to libpng's simplified API, and the row path agrees.
    @Test(arguments: [(0, 8), (4, 8), (3, 4), (0, 1), (2, 16), (6, 16)])
    func everyLayoutDownscalesAsTheWholeDecode(colorType: UInt8, bitDepth: UInt8) throws {
        let top = (1 << Int(bitDepth)) - 1
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colorType)] ?? 1
        let alphaChannel = colorType == 4 ? 1 : colorType == 6 ? 3 : -1
        func samples(_ x: Int, _ y: Int) -> [Int] {
            (0..<channels).map { c -> Int in
                if c == alphaChannel { return top - x % 3 }
                return (x * 3 + y * (c + 1)) % (top + 1)
            }
        }
        var palette: [UInt8] = []
        if colorType == 3 {
            for i in 0..<16 { palette += [UInt8(i * 16), UInt8(255 - i * 16), 77] }
        }
        let png = HandMadePNG(
            width: 120, height: 80, colorType: colorType, bitDepth: bitDepth, palette: palette, samples: samples)
        let small = try decoder.decode(bytes: png.bytes, fitting: (30, 20))
        #expect(small.width == 30 && small.height == 20)
        #expect(Self.maxDifference(small, try reference(png.bytes, size: (30, 20))) <= 1)
    }

    @Test(arguments: [30, 55, 80, 99])
    func truncatedMidRowsIsOneClearErrorNamingTheFile(keepPercent: Int) throws {
        let bytes = HandMadePNG(width: 200, height: 150, samples: Self.samples).bytes
        let cut = Array(bytes[0..<(bytes.count * keepPercent / 100)])
        let e = thrown(ImageError.self) {
            try decoder.decode(bytes: cut, path: "/srv/banners/cut.png", fitting: (50, 30))
        }
        #expect(e?.kind == .corrupt)
        #expect(e?.call == "png_read_row" || e?.call == "png_read_end")
        #expect(e?.description.hasPrefix("/srv/banners/cut.png: image data is truncated or corrupt") == true)
        #expect(e?.description.contains("\n") == false)
    }

    @Test func fromAFileIsTheSameAsFromMemory() throws {
        let bytes = try PNGEncoder().encode(Self.picture(width: 401, height: 299))
        let path = TestImages.scratchDirectory() + "/big.png"
        try LocalFiles().writeAtomically(bytes, to: path)
        #expect(try decoder.decode(path: path, fitting: (96, 40)) == decoder.decode(bytes: bytes, fitting: (96, 40)))
    }

    @Test(arguments: [30, 80])
    func truncatedFileIsOneClearErrorNamingIt(keepPercent: Int) throws {
        let bytes = HandMadePNG(width: 200, height: 150, samples: Self.samples).bytes
        let path = TestImages.scratchDirectory() + "/cut.png"
        try LocalFiles().writeAtomically(Array(bytes[0..<(bytes.count * keepPercent / 100)]), to: path)
        let e = thrown(ImageError.self) { try decoder.decode(path: path, fitting: (50, 30)) }
        #expect(e?.call == "png_read_row" || e?.call == "png_read_end")
        #expect(e?.description.hasPrefix(path + ": image data is truncated or corrupt") == true)
        #expect(e?.description.contains("unexpected end of file") == true)
        #expect(e?.description.contains("\n") == false)
    }

    @Test func fileOverTheLimitsIsRefusedAtItsHeader() throws {
        let bytes = try PNGEncoder().encode(Self.picture(width: 400, height: 300))
        let path = TestImages.scratchDirectory() + "/wide.png"
        try LocalFiles().writeAtomically(bytes, to: path)
        let strict = ImageDecoder(limits: ImageLimits(maxSide: 200))
        let e = thrown(ImageError.self) { try strict.decode(path: path, fitting: (50, 30)) }
        #expect(e?.kind == .tooLarge(width: 400, height: 300) && e?.call == "limits")
    }

    @Test func flippedBytesAreRefusedOrDecodedNeverACrash() throws {
        let bytes = try PNGEncoder().encode(Self.picture(width: 160, height: 90))
        var refused = 0
        for offset in stride(from: 12, to: bytes.count - 12, by: 97) {
            var bad = bytes
            bad[offset] ^= 0x5A
            do {
                _ = try decoder.decode(bytes: bad, path: "bad.png", fitting: (40, 20))
            } catch {
                #expect(error.kind == .corrupt && error.path == "bad.png")
                refused += 1
            }
        }
        #expect(refused > 0)
    }
}
