import FileAccess
import Glibc
import SystemCalls
import Testing

@testable import ImageDecoding
@testable import Raster

@Suite struct ImageDecoderTests {
    let decoder = ImageDecoder()

    @Test func pngRoundTripsOpaqueAndTranslucentPixelsExactly() throws {
        var b = TestImages.pattern(width: 7, height: 5)
        b[0, 0] = Color(red: 255, green: 0, blue: 0, alpha: 0).premultipliedARGB
        b[1, 0] = Color(red: 255, green: 255, blue: 255, alpha: 128).premultipliedARGB
        b[2, 0] = Color(red: 10, green: 200, blue: 30, alpha: 255).premultipliedARGB
        let bytes = try PNGEncoder().encode(b)
        #expect(Array(bytes[0..<4]) == [0x89, 0x50, 0x4E, 0x47])
        let back = try decoder.decode(bytes: bytes)
        #expect(back == b)
    }

    @Test func pngFileWrittenThenDecodedFromPath() throws {
        let dir = TestImages.scratchDirectory()
        let path = dir + "/frame.png"
        let b = TestImages.pattern(width: 16, height: 9)
        try PNGEncoder().write(b, to: path)
        #expect(try decoder.decode(path: path) == b)
        #expect(try decoder.size(bytes: LocalFiles().readBytes(path)) == (16, 9))
    }

    @Test func zeroByteFileIsEmpty() throws {
        let path = TestImages.scratchDirectory() + "/empty.png"
        try LocalFiles().writeAtomically([], to: path)
        let e = thrown(ImageError.self) { try decoder.decode(path: path) }
        #expect(e?.kind == .empty)
        #expect(e?.description.contains("empty.png: file is empty") == true)
    }

    @Test func missingFileAndPathThroughAFileAreUnreadable() throws {
        let dir = TestImages.scratchDirectory()
        let missing = thrown(ImageError.self) { try decoder.decode(path: dir + "/nope.jpg") }
        #expect(missing?.kind == .unreadable && missing?.call == "open")
        #expect(missing?.message == "No such file or directory")
        try LocalFiles().writeAtomically([1, 2, 3], to: dir + "/file")
        let notDir = thrown(ImageError.self) { try decoder.decode(path: dir + "/file/x.png") }
        #expect(notDir?.kind == .unreadable)
    }

    @Test func directoryNamedLikeAnImageIsRefused() throws {
        let path = TestImages.scratchDirectory() + "/banner.png"
        #expect(mkdir(path, 0o755) == 0)
        let e = thrown(ImageError.self) { try decoder.decode(path: path) }
        #expect(e?.kind == .isDirectory)
        #expect(e?.description.contains("is a directory") == true)
    }

    @Test func textIsNotAnImage() {
        let e = thrown(ImageError.self) {
            try decoder.decode(bytes: Array("hello, world\n".utf8), path: "notes.png")
        }
        #expect(e?.kind == .notAnImage && e?.path == "notes.png")
    }

    @Test(arguments: [8, 20, 33, 50, 80])
    func truncatedPNGIsCorrupt(keepPercent: Int) throws {
        let bytes = try PNGEncoder().encode(TestImages.pattern(width: 40, height: 30))
        let cut = Array(bytes[0..<(bytes.count * keepPercent / 100)])
        let e = thrown(ImageError.self) { try decoder.decode(bytes: cut, path: "cut.png") }
        #expect(e?.kind == .corrupt)
        #expect(e?.call.hasPrefix("png_image_") == true)
        #expect(e?.message.isEmpty == false)
    }

    /// Found by `scripts/fuzz png` (input in FuzzCrashes/): a tEXt chunk claiming 2 GiB in a tiny file made
    /// libpng allocate that much before it found the data missing (an out-of-memory under the fuzzer).
    @Test func fuzzCrashHugeTextChunkIsRefusedBeforeLibpng() throws {
        let file = "\(#filePath)"
        let dir = String(file[..<(file.lastIndex(of: "/") ?? file.endIndex)])
        let bytes = try LocalFiles().readBytes(dir + "/FuzzCrashes/text-chunk-claims-2gib.png")
        let e = thrown(ImageError.self) { try decoder.decode(bytes: bytes, path: "t.png") }
        #expect(e?.kind == .corrupt && e?.call == "chunk length")
        #expect(e?.message == "a chunk claims 2046820364 bytes in a file of 383")
        #expect(throws: ImageError.self) { try decoder.size(bytes: bytes, path: "t.png") }
    }

    @Test func flippedPNGBytesAreCorruptNotACrash() throws {
        let bytes = try PNGEncoder().encode(TestImages.pattern(width: 40, height: 30))
        for offset in stride(from: 12, to: bytes.count - 12, by: 7) {
            var bad = bytes
            bad[offset] ^= 0x5A
            // Either refused with a typed error or (CRC-protected chunk data) decoded: never a trap.
            do {
                _ = try decoder.decode(bytes: bad)
            } catch {
                #expect(error.kind == .corrupt)
            }
        }
    }

    @Test func oversizedPNGIsRefusedFromTheHeaderAlone() throws {
        let small = try PNGEncoder().encode(TestImages.pattern(width: 2, height: 2))
        // The body is 2×2, so a decode attempt would fail as corrupt: tooLarge proves the check came first.
        for (w, h) in [(UInt32(16385), UInt32(1)), (1, 20000), (9000, 9000)] {
            let forged = TestImages.forgingPNGSize(small, width: w, height: h)
            let e = thrown(ImageError.self) { try decoder.decode(bytes: forged, path: "huge.png") }
            #expect(e?.kind == .tooLarge(width: Int(w), height: Int(h)))
        }
        let ok = TestImages.forgingPNGSize(small, width: 16384, height: 4096)
        #expect(try decoder.size(bytes: ok) == (16384, 4096))
    }

    @Test func customLimitsApply() throws {
        let bytes = try PNGEncoder().encode(TestImages.pattern(width: 10, height: 10))
        let strict = ImageDecoder(limits: ImageLimits(maxSide: 8))
        let e = thrown(ImageError.self) { try strict.decode(bytes: bytes) }
        #expect(e?.kind == .tooLarge(width: 10, height: 10))
        #expect(e?.description.contains("larger than allowed") == true)
    }

    @Test func errorDescriptionIsOneActionableLine() {
        let e = ImageError(.corrupt, call: "jpeg_read_scanlines", message: "unexpected end of file", path: "/srv/a.jpg")
        #expect(
            e.description
                == "/srv/a.jpg: image data is truncated or corrupt; re-export it (jpeg_read_scanlines: unexpected end of file)"
        )
        #expect(!e.description.contains("\n"))
    }
}

@Suite struct SpecialFileTests {
    @Test func fifoNamedLikeAnImageIsRefusedWithoutBlocking() throws {
        let path = TestImages.scratchDirectory() + "/pipe.png"
        #expect(mkfifo(path, 0o644) == 0)
        let e = thrown(ImageError.self) { try ImageDecoder().decode(path: path) }
        #expect(e?.kind == .unreadable && e?.message.contains("not a regular file") == true)
    }

    @Test func fileOverTheByteLimitIsRefusedBeforeReading() throws {
        let path = TestImages.scratchDirectory() + "/big.bin"
        try LocalFiles().writeAtomically([UInt8](repeating: 7, count: 1000), to: path)
        let e = thrown(SystemCallError.self) { try LocalFiles().readBytes(path, maxBytes: 999) }
        #expect(e?.call == "size" && e?.description.contains("file is 1000 bytes, the limit is 999") == true)
        #expect(try LocalFiles().readBytes(path, maxBytes: 1000).count == 1000)
    }
}
