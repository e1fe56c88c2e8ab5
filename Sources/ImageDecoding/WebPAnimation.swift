import CWebP
import Raster

/// Every call into libwebp's animation decoder (`WebPAnimDecoderNew`, `WebPAnimDecoderGetNext`,
/// `WebPAnimDecoderReset`, `WebPAnimDecoderDelete`): libwebp demuxes the file, decodes each frame and puts the canvas
/// together as the WebP container says (a frame blended over what is under it or not, its rectangle cleared after it
/// or not), starting from transparent, not from the file's background colour, as browsers do. The decoder returns
/// false or NULL, with no reason given.
///
/// The file is held whole, as the decoder reads each frame where it lies in it; frames are decoded one at a time
/// into the decoder's two canvases (the frame's, and the one the next frame starts from) and copied out.
final class WebPAnimation: AnimationDecoder {
    let width: Int
    let height: Int
    let plays: Int?
    private let path: String
    /// The file's bytes, in memory of our own: the decoder keeps pointers into them for as long as it lives.
    private let file: UnsafeMutableBufferPointer<UInt8>
    private let decoder: OpaquePointer
    /// The file ends before its RIFF header says: the frames it holds whole play, then this is thrown.
    private let cutShort: FramesCutShort
    /// When the last frame given ended, in milliseconds from the start, as the decoder counts (an `int`).
    private var ended: Int32 = 0

    /// Opens the WebP in `bytes` (the whole file) to play; `path` labels errors. The canvas is checked against
    /// `limits` on the header, before the decoder allocates its canvases.
    init(bytes: [UInt8], limits: ImageLimits, path: String) throws(ImageError) {
        self.path = path
        _ = try WebPCodec.header(bytes, limits: limits, path: path)
        var options = WebPAnimDecoderOptions()
        guard WebPAnimDecoderOptionsInit(&options) != 0 else {
            throw ImageError(
                .corrupt, call: "WebPAnimDecoderOptionsInit", message: "libwebp version mismatch", path: path)
        }
        // Premultiplied B, G, R, A bytes: one little-endian premultiplied 0xAARRGGBB word, as Bitmap keeps; the
        // decoder then blends premultiplied too.
        options.color_mode = MODE_bgrA
        file = .allocate(capacity: bytes.count)
        _ = file.initialize(from: bytes)
        let truncated = ImageError(
            .corrupt, call: "WebPDemux", message: WebPCodec.text(VP8_STATUS_NOT_ENOUGH_DATA), path: path)
        let wholeLength = Self.cutToWholeChunks(file)
        var data = WebPData(bytes: file.baseAddress, size: wholeLength ?? file.count)
        guard let decoder = WebPAnimDecoderNew(&data, &options) else {
            file.deallocate()  // not yet deinit's to free: it runs only once every property is set
            guard wholeLength == nil else { throw truncated }
            throw ImageError(.corrupt, call: "WebPAnimDecoderNew", message: "its chunks do not parse", path: path)
        }
        self.decoder = decoder
        cutShort = FramesCutShort(wholeLength.map { _ in truncated })
        var info = WebPAnimInfo()
        _ = WebPAnimDecoderGetInfo(decoder, &info)  // fails only for a NULL argument
        width = Int(info.canvas_width)
        height = Int(info.canvas_height)
        // The number of times the whole animation plays (GIF's count, by contrast, is the plays after the first).
        plays = info.loop_count == 0 ? nil : Int(info.loop_count)
        // Every property is set from here, so a throw below runs deinit, which deletes the decoder and frees the file.
        try limits.check(width: width, height: height, call: "WebPAnimDecoderGetInfo", path: path)
    }

    deinit {
        WebPAnimDecoderDelete(decoder)
        file.deallocate()
    }

    func nextFrame() throws(ImageError) -> AnimationFrame? {
        guard WebPAnimDecoderHasMoreFrames(decoder) != 0 else { return try cutShort.end() }
        var canvas: UnsafeMutablePointer<UInt8>?
        var timestamp: Int32 = 0
        guard WebPAnimDecoderGetNext(decoder, &canvas, &timestamp) != 0, let canvas else {
            throw ImageError(.corrupt, call: "WebPAnimDecoderGetNext", message: "a frame does not decode", path: path)
        }
        // The decoder reuses its canvas for the next frame.
        let count = width * height
        let pixels = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            UnsafeMutableRawBufferPointer(buffer).copyMemory(
                from: UnsafeRawBufferPointer(start: canvas, count: count * 4))
            initialized = count
        }
        // A timestamp is when the frame ends: the sum of the durations so far, which wraps in a C int on a long
        // enough file; the wrapping difference is still the frame's own duration (at most 24 bits).
        let milliseconds = Int(timestamp &- ended)
        ended = timestamp
        guard let bitmap = Bitmap(width: width, height: height, premultipliedPixels: pixels) else { return nil }
        return AnimationFrame(bitmap: bitmap, duration: AnimationFrame.playedDuration(milliseconds: milliseconds))
    }

    func rewind() throws(ImageError) {
        WebPAnimDecoderReset(decoder)
        ended = 0
    }

    /// For a file that ends before its RIFF header says, the length of its whole chunks, with the header's size
    /// written down to it: libwebp's demuxer refuses a cut file whole, which would lose the frames before the cut
    /// (a GIF cut short still plays them). nil, and the file untouched: it is as long as it says, or not RIFF.
    static func cutToWholeChunks(_ file: UnsafeMutableBufferPointer<UInt8>) -> Int? {
        let header = 12  // "RIFF", the size of what follows, "WEBP"
        guard file.count >= header, file.prefix(4).elementsEqual("RIFF".utf8) else { return nil }
        func littleEndian32(at offset: Int) -> Int {
            (0..<4).reduce(0) { word, byte in word | Int(file[offset + byte]) << (8 * byte) }
        }
        guard file.count < 8 + littleEndian32(at: 4) else { return nil }
        var end = header
        // A chunk: its tag, its size, its data padded to an even length.
        while end + 8 <= file.count {
            let size = littleEndian32(at: end + 4)
            let next = end + 8 + size + size % 2
            guard next <= file.count else { break }
            end = next
        }
        let size = end - 8
        for byte in 0..<4 { file[4 + byte] = UInt8(truncatingIfNeeded: size >> (8 * byte)) }
        return end
    }
}
