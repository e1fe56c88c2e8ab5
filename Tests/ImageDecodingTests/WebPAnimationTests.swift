import Raster
import Testing

@testable import ImageDecoding

/// Animated WebP through libwebp's animation decoder, on `animated-lossless.webp` (ffmpeg's test card, 48x32, 8
/// frames of 125 ms, for ever: `ffmpeg -f lavfi -i testsrc=size=48x32:rate=8:duration=1 -pix_fmt bgra -c:v
/// libwebp_anim -lossless 1 -loop 0`) and on that file cut, damaged or retimed byte by byte.
@Suite struct WebPAnimationTests {
    static func fixture() throws -> [UInt8] { try WebPDecodingTests.bytes("animated-lossless.webp") }

    static func play(_ animation: any AnimationDecoder) throws -> [AnimationFrame] {
        var frames: [AnimationFrame] = []
        while let frame = try animation.nextFrame() { frames.append(frame) }
        return frames
    }

    /// Where each frame's ANMF chunk starts (its tag), walking the RIFF chunks after the 12-byte file header.
    static func frameChunks(_ bytes: [UInt8]) -> [Int] {
        var offsets: [Int] = []
        var offset = 12
        while offset + 8 <= bytes.count {
            let size = (0..<4).reduce(0) { $0 | Int(bytes[offset + 4 + $1]) << (8 * $1) }
            if bytes[offset..<offset + 4].elementsEqual("ANMF".utf8) { offsets.append(offset) }
            offset += 8 + size + size % 2
        }
        return offsets
    }

    @Test func theFramesPlayInOrderAndRewoundPlayAgain() throws {
        let bytes = try Self.fixture()
        let animation = try #require(try ImageDecoder().animation(bytes: bytes, path: "a.webp"))
        #expect(animation.width == 48 && animation.height == 32 && animation.plays == nil)
        let frames = try Self.play(animation)
        #expect(frames.count == 8 && frames.allSatisfy { $0.duration == .milliseconds(125) })
        #expect(Set(frames.map(\.bitmap.pixels)).count == 8, "every frame differs from the others")
        #expect(frames.allSatisfy { $0.bitmap.isOpaque })
        #expect(try animation.nextFrame() == nil)
        try animation.rewind()
        #expect(try Self.play(animation) == frames)
        let path = try TestImages.file(bytes, name: "a.webp")
        #expect(try Self.play(#require(try ImageDecoder().animation(path: path))) == frames)
    }

    @Test func theFirstFrameIsTheStillTheDecoderShows() throws {
        let bytes = try Self.fixture()
        let first = try ImageDecoder().animation(bytes: bytes)?.nextFrame()
        #expect(try first?.bitmap == ImageDecoder().decode(bytes: bytes))
    }

    @Test func aStillWebPIsNotPlayed() throws {
        for name in ["lossy.webp", "lossless.webp", "alpha-lossless.webp"] {
            let bytes = try WebPDecodingTests.bytes(name)
            #expect(try ImageDecoder().animation(bytes: bytes, path: name) == nil, "\(name)")
            #expect(try ImageDecoder().animation(path: TestImages.file(bytes, name: name)) == nil, "\(name)")
            // Opened to play all the same, it is one frame, played once.
            let still = try WebPAnimation(bytes: bytes, limits: .default, path: name)
            #expect(still.plays == 1)
            #expect(try Self.play(still).map(\.bitmap) == [try ImageDecoder().decode(bytes: bytes)])
        }
    }

    @Test func durationsAreEachFramesOwnAndTenMillisecondsOrLessPlaysAtATenth() throws {
        var bytes = try Self.fixture()
        let milliseconds = [0, 10, 11, 40, 1000, 125, 0xFF_FFFF, 2]
        for (chunk, duration) in zip(Self.frameChunks(bytes), milliseconds) {
            // ANMF: x, y, width - 1, height - 1, then the duration, 24 bits each.
            for byte in 0..<3 { bytes[chunk + 8 + 12 + byte] = UInt8(truncatingIfNeeded: duration >> (8 * byte)) }
        }
        let animation = try #require(try ImageDecoder().animation(bytes: bytes))
        let played = [100, 100, 11, 40, 1000, 125, 0xFF_FFFF, 100].map { Duration.milliseconds($0) }
        #expect(try Self.play(animation).map(\.duration) == played)
    }

    @Test func aFileCutShortPlaysTheFramesItHoldsWholeThenOneError() throws {
        let bytes = try Self.fixture()
        let whole = try Self.play(#require(try ImageDecoder().animation(bytes: bytes)))
        let fourth = Self.frameChunks(bytes)[3]
        let cut = try #require(try ImageDecoder().animation(bytes: Array(bytes.prefix(fourth + 30)), path: "cut.webp"))
        #expect(try [cut.nextFrame(), cut.nextFrame(), cut.nextFrame()] == whole.prefix(3).map { Optional($0) })
        let truncated = ImageError(
            .corrupt, call: "WebPDemux", message: "not enough data (truncated file)", path: "cut.webp")
        #expect(throws: truncated) { try cut.nextFrame() }
        #expect(throws: truncated) { try cut.nextFrame() }
        try cut.rewind()
        #expect(try cut.nextFrame() == whole[0])
        // Cut inside the first frame, or in the header: nothing to play, one error naming the file.
        for keep in [Self.frameChunks(bytes)[0] + 30, 20] {
            let error = thrown(ImageError.self) {
                try ImageDecoder().animation(bytes: Array(bytes.prefix(keep)), path: "short.webp")
            }
            #expect(error?.kind == .corrupt && error?.description.hasPrefix("short.webp: ") == true, "\(keep)")
        }
    }

    @Test func aDamagedFrameIsAnErrorAfterTheFramesBeforeIt() throws {
        var bytes = try Self.fixture()
        let third = Self.frameChunks(bytes)[2]
        // Past the ANMF header (16 bytes), the VP8L chunk's header (8) and its own (5): the pixels' code.
        let size = (0..<4).reduce(0) { $0 | Int(bytes[third + 4 + $1]) << (8 * $1) }
        for i in third + 8 + 16 + 8 + 5..<third + 8 + size { bytes[i] ^= 0x5A }
        let animation = try #require(try ImageDecoder().animation(bytes: bytes, path: "bad.webp"))
        #expect(try animation.nextFrame() != nil && animation.nextFrame() != nil)
        let error = thrown(ImageError.self) { try animation.nextFrame() }
        #expect(error?.call == "WebPAnimDecoderGetNext" && error?.description.hasPrefix("bad.webp: ") == true)
    }

    @Test func aCanvasOverTheLimitsIsRefusedOnTheHeaderBeforeTheDecoder() throws {
        /// The fixture with its VP8X canvas (24 bits a side, less one) changed.
        func canvas(_ width: Int, _ height: Int) throws -> [UInt8] {
            var bytes = try Self.fixture()
            for byte in 0..<3 {
                bytes[12 + 8 + 4 + byte] = UInt8(truncatingIfNeeded: (width - 1) >> (8 * byte))
                bytes[12 + 8 + 7 + byte] = UInt8(truncatingIfNeeded: (height - 1) >> (8 * byte))
            }
            return bytes
        }
        #expect(
            throws: ImageError(
                .tooLarge(width: 20000, height: 32), call: "limits",
                message: "at most 16384 px a side and 64 megapixels", path: "wide.webp")
        ) {
            try ImageDecoder().animation(bytes: canvas(20000, 32), path: "wide.webp")
        }
        // And with the chunks after the header broken (the ANIM chunk, which frames must follow, renamed), which
        // libwebp's demuxer refuses as corrupt: the limits come first, on the header alone.
        func renamingANIM(_ bytes: [UInt8]) -> [UInt8] {
            var renamed = bytes
            renamed[12 + 8 + 10 + 3] = UInt8(ascii: "X")
            return renamed
        }
        let wide = thrown(ImageError.self) {
            try WebPAnimation(bytes: renamingANIM(canvas(20000, 32)), limits: .default, path: "wide.webp")
        }
        #expect(wide?.kind == .tooLarge(width: 20000, height: 32))
        let corrupt = thrown(ImageError.self) {
            try WebPAnimation(bytes: renamingANIM(Self.fixture()), limits: .default, path: "broken.webp")
        }
        #expect(corrupt?.kind == .corrupt && corrupt?.call == "WebPAnimDecoderNew")
        let small = ImageDecoder(limits: ImageLimits(maxSide: 40))
        let path = try TestImages.file(try Self.fixture(), name: "a.webp")
        #expect(thrown(ImageError.self) { try small.animation(path: path) }?.kind == .tooLarge(width: 48, height: 32))
    }
}
