import CWebP
import Raster

/// Every call into libwebp: `WebPGetFeatures` (the header, checked against the limits before the body),
/// `WebPDecode` into premultiplied BGRA with libwebp's own scaling, and the demuxer (`WebPDemux`,
/// `WebPDemuxGetFrame`) for the first frame of an animation. Failures are a `VP8StatusCode`.
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

    /// Decodes a WebP (lossy or lossless, with or without alpha) into a premultiplied bitmap; an animation gives
    /// its first frame on its canvas. With `fitting`, a large image is decoded straight at the smallest size that
    /// still covers it (scale-to-fill), once the source is at least twice that: memory is the output's alone.
    static func decode(_ bytes: [UInt8], limits: ImageLimits, fitting: (width: Int, height: Int)?, path: String)
        throws(ImageError) -> DecodedImage
    {
        let canvas = try header(bytes, limits: limits, path: path)
        guard canvas.animated else {
            let target =
                fitting.map { DecodeSize.covering($0, from: (canvas.width, canvas.height)) }
                ?? (canvas.width, canvas.height)
            return DecodedImage(bitmap: try decodeStill(bytes, to: target, path: path))
        }
        let frame = try firstFrame(bytes, path: path)
        let image = try decodeStill(frame.bytes, to: (frame.width, frame.height), path: path)
        var bitmap = Bitmap(width: canvas.width, height: canvas.height, color: Color(argb: 0))
        bitmap.draw(image, x: frame.x, y: frame.y)
        return DecodedImage(bitmap: bitmap, note: "\(path): an animated WebP; only its first frame is shown")
    }

    /// One still image (or one frame's bitstream) decoded at `size` (libwebp scales while decoding).
    private static func decodeStill(_ bytes: [UInt8], to size: (width: Int, height: Int), path: String)
        throws(ImageError) -> Bitmap
    {
        var config = WebPDecoderConfig()
        guard WebPInitDecoderConfig(&config) != 0 else {
            throw ImageError(.corrupt, call: "WebPInitDecoderConfig", message: "libwebp version mismatch", path: path)
        }
        var pixels = [UInt32](repeating: 0, count: size.width * size.height)
        let status = bytes.withUnsafeBufferPointer { src in
            pixels.withUnsafeMutableBytes { dst in
                let features = WebPGetFeatures(src.baseAddress, src.count, &config.input)
                guard features == VP8_STATUS_OK else { return features }
                // libwebp's rescaler only when the size changes: it also turns off fancy chroma upsampling.
                if (size.width, size.height) != (Int(config.input.width), Int(config.input.height)) {
                    config.options.use_scaling = 1
                    config.options.scaled_width = Int32(size.width)
                    config.options.scaled_height = Int32(size.height)
                }
                // Premultiplied B, G, R, A bytes: one little-endian premultiplied 0xAARRGGBB word, as Bitmap keeps.
                config.output.colorspace = MODE_bgrA
                config.output.is_external_memory = 1
                config.output.u.RGBA.rgba = dst.baseAddress?.assumingMemoryBound(to: UInt8.self)
                config.output.u.RGBA.stride = Int32(size.width * 4)
                config.output.u.RGBA.size = dst.count
                return WebPDecode(src.baseAddress, src.count, &config)
            }
        }
        WebPFreeDecBuffer(&config.output)  // external memory: frees libwebp's own state only
        guard status == VP8_STATUS_OK else {
            throw ImageError(.corrupt, call: "WebPDecode", message: text(status), path: path)
        }
        guard let bitmap = Bitmap(width: size.width, height: size.height, premultipliedPixels: pixels) else {
            throw ImageError(.corrupt, call: "WebPDecode", message: "size mismatch", path: path)
        }
        return bitmap
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
