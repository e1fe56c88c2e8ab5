import CPNG
import FileAccess
import Raster

/// Every call into libpng: its simplified `png_image_*` API (which traps libpng's longjmp errors itself and
/// reports them as a 0 return plus `image.message`) for whole images and encoding, and the row API through the
/// CPNGRows shim for downscaling (`PNGCodec+Rows.swift`).
enum PNGCodec {
    /// `PNG_FORMAT_BGRA` from png.h (`PNG_FORMAT_FLAG_COLOR | PNG_FORMAT_FLAG_BGR | PNG_FORMAT_FLAG_ALPHA`), a
    /// nested macro that does not import: bytes B, G, R, A, which is one little-endian 0xAARRGGBB word.
    static let formatBGRA: UInt32 = 0x02 | 0x10 | 0x01
    /// `PNG_IMAGE_VERSION` from png.h.
    static let imageVersion: UInt32 = 1

    static func newImage() -> png_image {
        var image = png_image()
        image.version = imageVersion
        return image
    }

    /// The library's message from a failed call.
    static func message(_ image: png_image) -> String {
        withUnsafeBytes(of: image.message) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }

    /// Refuses a chunk other than IDAT that claims more bytes than the whole file has. libpng 1.6.39 allocates a
    /// text chunk's declared length (up to 2 GiB) before it finds the data missing, so a 383-byte file asked for
    /// 2 GiB (found by `scripts/fuzz png`). IDAT is streamed, not allocated, and a file cut inside any chunk keeps
    /// libpng's own message as long as the chunk is not longer than the file. `chunkHeader` gives the 8 bytes (or
    /// fewer, at the end) at an offset, so a file on disk is walked without reading its data.
    static func checkChunkLengths(
        byteCount: Int, path: String, chunkHeader: (_ offset: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) {
        var offset = 8  // past the signature
        while offset + 8 <= byteCount {
            let header = try chunkHeader(offset)
            guard header.count == 8 else { return }
            let length = header[0..<4].reduce(0) { $0 << 8 | Int($1) }
            let type = header[4..<8]
            if type.elementsEqual("IEND".utf8) { return }
            if length > byteCount && !type.elementsEqual("IDAT".utf8) {
                throw ImageError(
                    .corrupt, call: "chunk length",
                    message: "a chunk claims \(length) bytes in a file of \(byteCount)", path: path)
            }
            offset += 12 + length  // length, type, data, CRC
        }
    }

    /// Whether the PNG is an animation (APNG: an `acTL` chunk before the first image data), from its chunk headers
    /// up to that data. Debian's libpng does not play APNG (its changelog: support dropped, #1005850): such a file
    /// shows its first frame, its default image, and says so (`animatedNote`).
    static func isAnimated(byteCount: Int, chunkHeader: (_ offset: Int) throws(ImageError) -> [UInt8])
        throws(ImageError) -> Bool
    {
        var offset = 8  // past the signature
        while offset + 8 <= byteCount {
            let header = try chunkHeader(offset)
            guard header.count == 8 else { return false }
            let type = header[4..<8]
            if type.elementsEqual("acTL".utf8) { return true }
            if type.elementsEqual("IDAT".utf8) { return false }
            offset += 12 + header[0..<4].reduce(0) { $0 << 8 | Int($1) }
        }
        return false
    }

    /// What an animated PNG's still says.
    static let animatedNote =
        "an animated PNG (APNG); only its first frame is shown: Debian's libpng does not play APNG (an animated "
        + "WebP or GIF of it plays)"

    /// Reads and checks the header only (`png_image_begin_read_from_memory`), then frees the control block.
    static func header(_ bytes: [UInt8], limits: ImageLimits, path: String) throws(ImageError) -> (
        size: (width: Int, height: Int), format: UInt32
    ) {
        try checkChunkLengths(byteCount: bytes.count, path: path) { Array(bytes[$0..<$0 + 8]) }
        var image = newImage()
        let ok = bytes.withUnsafeBytes { png_image_begin_read_from_memory(&image, $0.baseAddress, $0.count) }
        defer { png_image_free(&image) }
        guard ok != 0 else {
            throw ImageError(.corrupt, call: "png_image_begin_read_from_memory", message: message(image), path: path)
        }
        let size = (width: Int(image.width), height: Int(image.height))
        try limits.check(width: size.width, height: size.height, call: "png_image_begin_read_from_memory", path: path)
        return (size, image.format)
    }

    /// Decodes a PNG into a premultiplied bitmap, after the header passed the limits. With `fitting`, one at least
    /// twice as large as needed is read a row at a time into an area average that still covers it
    /// (`decodeRows`); otherwise it is decoded whole, pixel for pixel.
    static func decode(_ bytes: [UInt8], limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String)
        throws(ImageError) -> Bitmap
    {
        let size = try header(bytes, limits: limits, path: path).size
        if let fitting {
            let target = DecodeSize.covering(fitting, from: size)
            if target != size { return try decodeRows(bytes, averagingInto: target, path: path) }
        }
        let result: Result<Bitmap, ImageError> = bytes.withUnsafeBytes { raw in
            var image = newImage()
            // libpng reads from `raw` until finish_read returns, so both calls stay inside this closure.
            guard png_image_begin_read_from_memory(&image, raw.baseAddress, raw.count) != 0 else {
                let e = ImageError(
                    .corrupt, call: "png_image_begin_read_from_memory", message: message(image), path: path)
                png_image_free(&image)
                return .failure(e)
            }
            let w = Int(image.width)
            let h = Int(image.height)
            do throws(ImageError) {
                try limits.check(width: w, height: h, call: "png_image_begin_read_from_memory", path: path)
            } catch {
                png_image_free(&image)
                return .failure(error)
            }
            image.format = formatBGRA
            var pixels = [UInt32](repeating: 0, count: w * h)
            // row_stride counts components (4 per BGRA pixel), not bytes.
            let ok = pixels.withUnsafeMutableBytes {
                png_image_finish_read(&image, nil, $0.baseAddress, Int32(w * 4), nil)
            }
            guard ok != 0 else {
                let e = ImageError(.corrupt, call: "png_image_finish_read", message: message(image), path: path)
                png_image_free(&image)
                return .failure(e)
            }
            // finish_read frees the control block itself on success.
            for i in pixels.indices where pixels[i] >> 24 != 255 {
                pixels[i] = Color(argb: pixels[i]).premultipliedARGB
            }
            guard let bitmap = Bitmap(width: w, height: h, premultipliedPixels: pixels) else {
                return .failure(
                    ImageError(.corrupt, call: "png_image_finish_read", message: "size mismatch", path: path))
            }
            return .success(bitmap)
        }
        return try result.get()
    }

    /// `PNG_IMAGE_PNG_SIZE_MAX` from png.h for 8-bit BGRA (nested macros that do not import): the most bytes the
    /// PNG of a `width` by `height` image takes, zlib's worst case for its data (`PNG_ZLIB_MAX_SIZE`) in IDAT chunks
    /// of `PNG_ZBUF_SIZE` (8192, pnglibconf.h), and the chunks around them.
    static func sizeBound(width: Int, height: Int) -> Int {
        let data = width * height * 4
        let compressed = data + (data + 7) >> 3 + (data + 63) >> 6 + 11
        return 8 + 25 + 16 + 44 + 12 + 12 + 12 * (compressed / 8192) + compressed
    }

    /// Encodes a bitmap as an 8-bit RGBA PNG in memory (`png_image_write_to_memory`), un-premultiplying it.
    static func encode(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        guard bitmap.width > 0, bitmap.height > 0 else {
            throw ImageError(
                .encodeFailed, call: "png_image_write_to_memory", message: "empty bitmap", path: "<memory>")
        }
        let straight = bitmap.pixels.map { Color(premultipliedARGB: $0).argb }
        var image = newImage()
        image.width = UInt32(bitmap.width)
        image.height = UInt32(bitmap.height)
        image.format = formatBGRA
        // One call into a buffer as large as the PNG can be: asked first for the size, libpng compresses the whole
        // image to learn it (every frame `render` wrote and every screenshot was compressed twice). A larger need,
        // which libpng says the bound never is, is written again at the size it gives.
        var size = sizeBound(width: bitmap.width, height: bitmap.height)
        var out: [UInt8] = []
        var ok: Int32 = 0
        while ok == 0, size > out.count {
            out = [UInt8](repeating: 0, count: size)
            ok = out.withUnsafeMutableBytes { dst in
                straight.withUnsafeBytes {
                    png_image_write_to_memory(&image, dst.baseAddress, &size, 0, $0.baseAddress, 0, nil)
                }
            }
        }
        guard ok != 0 else {
            throw ImageError(
                .encodeFailed, call: "png_image_write_to_memory", message: message(image), path: "<memory>")
        }
        return Array(out[0..<size])
    }
}
