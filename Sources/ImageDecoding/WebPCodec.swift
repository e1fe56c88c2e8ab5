import CWebP
import FileAccess
import Raster

/// Every call into libwebp: `WebPGetFeatures` (the header, checked against the limits before the body), the
/// incremental decoder (`WebPIDecode`, `WebPIAppend`) into premultiplied BGRA with libwebp's own scaling, and the
/// demuxer (`WebPDemux`, `WebPDemuxGetFrame`) for the first frame of an animation. Failures are a `VP8StatusCode`.
///
/// A still image is fed to the decoder a chunk at a time, from memory or from the open file. A lossy image without
/// alpha in one token partition (what encoders write by default) is let go of as it is decoded, so memory is the
/// output's and a few macroblock rows. Others hold more, bounded by the pixel limit or the file's size, whatever the
/// scale: libwebp keeps a lossy image's full-size alpha plane (1 byte a pixel) and its compressed bytes until that
/// plane is done, and a lossless image's bitstream and full-size ARGB pixels (4 bytes a pixel), since its
/// back-references may reach any pixel above; an animation is read whole, since the demuxer finds its first frame
/// in the whole file.
enum WebPCodec {
    /// The canvas size from the header alone, checked against the limits, and whether the file is animated.
    static func header(_ bytes: [UInt8], limits: ImageLimits, path: String) throws(ImageError) -> (
        width: Int, height: Int, animated: Bool
    ) {
        var features = WebPBitstreamFeatures()
        let status = bytes.withUnsafeBufferPointer { WebPGetFeatures($0.baseAddress, $0.count, &features) }
        guard status == VP8_STATUS_OK else {
            throw ImageError(.corrupt, call: "WebPGetFeatures", message: text(status), path: path)
        }
        let size = (width: Int(features.width), height: Int(features.height))
        try limits.check(width: size.width, height: size.height, call: "WebPGetFeatures", path: path)
        return (size.width, size.height, features.has_animation != 0)
    }

    /// Decodes WebP bytes in memory (see `decode(_:limits:fitting:)` for the file).
    static func decode(_ bytes: [UInt8], limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String)
        throws(ImageError) -> DecodedImage
    {
        let canvas = try header(bytes, limits: limits, path: path)
        guard canvas.animated else {
            let bitmap = try decodeStill(fitting: fitting, canvas: canvas, path: path) { offset in
                bytes.imageChunk(at: offset)
            }
            return DecodedImage(bitmap: bitmap)
        }
        return try decodeFirstFrame(bytes, canvas: canvas, path: path)
    }

    /// Decodes the WebP file (lossy or lossless, with or without alpha) into a premultiplied bitmap; an animation
    /// gives its first frame on its canvas. With `fitting`, a large image is decoded straight at the smallest size
    /// that still covers it (scale-to-fill), once the source is at least twice that.
    static func decode(_ file: OpenFile, limits: ImageLimits, fitting: (width: Int, height: Int)?)
        throws(ImageError) -> DecodedImage
    {
        // The header (VP8X, or the VP8/VP8L frame header) sits in the first few dozen bytes.
        let canvas = try header(file.imageBytes(at: 0), limits: limits, path: file.path)
        guard canvas.animated else {
            let bitmap = try decodeStill(fitting: fitting, canvas: canvas, path: file.path) {
                offset throws(ImageError) in
                try file.imageBytes(at: offset)
            }
            return DecodedImage(bitmap: bitmap)
        }
        return try decodeFirstFrame(file.allImageBytes(), canvas: canvas, path: file.path)
    }

    /// The first frame of an animation at its place on the canvas, at full size.
    private static func decodeFirstFrame(
        _ bytes: [UInt8], canvas: (width: Int, height: Int, animated: Bool), path: String
    ) throws(ImageError) -> DecodedImage {
        let frame = try firstFrame(bytes, path: path)
        let image = try decodeStill(to: (frame.width, frame.height), path: path) { offset in
            frame.bytes.imageChunk(at: offset)
        }
        var bitmap = Bitmap(width: canvas.width, height: canvas.height, color: Color(argb: 0))
        bitmap.draw(image, x: frame.x, y: frame.y)
        return DecodedImage(bitmap: bitmap)
    }

    /// A still image at the size that covers `fitting`, or at its own.
    private static func decodeStill(
        fitting: (width: Int, height: Int)?, canvas: (width: Int, height: Int, animated: Bool), path: String,
        read: (_ offset: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> Bitmap {
        let size = (width: canvas.width, height: canvas.height)
        let target = fitting.map { DecodeSize.covering($0, from: size) } ?? size
        return try decodeStill(to: target, path: path, read: read)
    }

    /// Up to `OpenFile.chunkBytes` of `bytes` from `offset`, as the file would give them.
    /// One still image (or one frame's bitstream) decoded at `size`, libwebp scaling while decoding; `read` gives
    /// the bytes from an offset a chunk at a time, none at the end.
    private static func decodeStill(
        to size: (width: Int, height: Int), path: String, read: (_ offset: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) -> Bitmap {
        let first = try read(0)
        // The incremental decoder keeps pointers into its configuration until it is deleted: not a Swift variable,
        // whose address lasts only for one call.
        let config = UnsafeMutablePointer<WebPDecoderConfig>.allocate(capacity: 1)
        config.initialize(to: WebPDecoderConfig())
        defer { config.deallocate() }
        guard WebPInitDecoderConfig(config) != 0 else {
            throw ImageError(.corrupt, call: "WebPInitDecoderConfig", message: "libwebp version mismatch", path: path)
        }
        let features = first.withUnsafeBufferPointer {
            WebPGetFeatures($0.baseAddress, $0.count, &config.pointee.input)
        }
        guard features == VP8_STATUS_OK else {
            throw ImageError(.corrupt, call: "WebPGetFeatures", message: text(features), path: path)
        }
        // libwebp's rescaler only when the size changes: it also turns off fancy chroma upsampling.
        if (size.width, size.height) != (Int(config.pointee.input.width), Int(config.pointee.input.height)) {
            config.pointee.options.use_scaling = 1
            config.pointee.options.scaled_width = Int32(size.width)
            config.pointee.options.scaled_height = Int32(size.height)
        }
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        let result: Result<Void, ImageError> = pixels.withUnsafeMutableBytes { dst in
            // Premultiplied B, G, R, A bytes: one little-endian premultiplied 0xAARRGGBB word, as Bitmap keeps.
            config.pointee.output.colorspace = MODE_bgrA
            config.pointee.output.is_external_memory = 1
            config.pointee.output.u.RGBA.rgba = dst.baseAddress?.assumingMemoryBound(to: UInt8.self)
            config.pointee.output.u.RGBA.stride = Int32(size.width * 4)
            config.pointee.output.u.RGBA.size = dst.count
            guard let decoder = WebPIDecode(nil, 0, config) else {
                return .failure(ImageError(.corrupt, call: "WebPIDecode", message: "out of memory", path: path))
            }
            defer { WebPIDelete(decoder) }
            return Result { () throws(ImageError) in try append(first, to: decoder, path: path, read: read) }
        }
        WebPFreeDecBuffer(&config.pointee.output)  // external memory: frees libwebp's own state only
        try result.get()
        guard let bitmap = Bitmap(width: size.width, height: size.height, premultipliedPixels: pixels) else {
            throw ImageError(.corrupt, call: "WebPIAppend", message: "size mismatch", path: path)
        }
        return bitmap
    }

    /// Appends chunks, `first` and then what `read` gives, until the picture is complete; running out of bytes
    /// first is a truncated file.
    private static func append(
        _ first: [UInt8], to decoder: OpaquePointer, path: String,
        read: (_ offset: Int) throws(ImageError) -> [UInt8]
    ) throws(ImageError) {
        var chunk = first
        var offset = 0
        while !chunk.isEmpty {
            let status = chunk.withUnsafeBufferPointer { WebPIAppend(decoder, $0.baseAddress, $0.count) }
            if status == VP8_STATUS_OK { return }
            guard status == VP8_STATUS_SUSPENDED else {
                throw ImageError(.corrupt, call: "WebPIAppend", message: text(status), path: path)
            }
            offset += chunk.count
            chunk = try read(offset)
        }
        throw ImageError(.corrupt, call: "WebPIAppend", message: text(VP8_STATUS_NOT_ENOUGH_DATA), path: path)
    }

    /// The first frame of an animation: its bitstream and where it sits on the canvas.
    private static func firstFrame(_ bytes: [UInt8], path: String) throws(ImageError) -> (
        bytes: [UInt8], x: Int, y: Int, width: Int, height: Int
    ) {
        let found: (bytes: [UInt8], x: Int, y: Int, width: Int, height: Int)? = bytes.withUnsafeBufferPointer { src in
            var data = WebPData(bytes: src.baseAddress, size: src.count)
            guard let demux = WebPDemux(&data) else { return nil }
            defer { WebPDemuxDelete(demux) }
            var iterator = WebPIterator()
            guard WebPDemuxGetFrame(demux, 1, &iterator) != 0 else { return nil }
            defer { WebPDemuxReleaseIterator(&iterator) }
            let fragment = UnsafeBufferPointer(start: iterator.fragment.bytes, count: iterator.fragment.size)
            return (
                Array(fragment), Int(iterator.x_offset), Int(iterator.y_offset), Int(iterator.width),
                Int(iterator.height)
            )
        }
        guard let found else {
            throw ImageError(.corrupt, call: "WebPDemuxGetFrame", message: "no first frame", path: path)
        }
        return found
    }

    /// libwebp's status codes in words.
    static func text(_ status: VP8StatusCode) -> String {
        switch status {
        case VP8_STATUS_OUT_OF_MEMORY: return "out of memory"
        case VP8_STATUS_INVALID_PARAM: return "invalid parameter"
        case VP8_STATUS_BITSTREAM_ERROR: return "bitstream error (corrupt data)"
        case VP8_STATUS_UNSUPPORTED_FEATURE: return "unsupported feature"
        case VP8_STATUS_SUSPENDED: return "suspended"
        case VP8_STATUS_USER_ABORT: return "aborted"
        case VP8_STATUS_NOT_ENOUGH_DATA: return "not enough data (truncated file)"
        default: return "status \(status.rawValue)"
        }
    }
}
