import FileAccess
import Raster

/// Reads PNG, JPEG, WebP and GIF files into premultiplied `Bitmap`s, refusing oversized images before decoding their
/// body.
public struct ImageDecoder: Sendable {
    /// Size limits checked against each header.
    public var limits: ImageLimits
    private let files = LocalFiles()

    /// A decoder enforcing `limits`.
    public init(limits: ImageLimits = .default) {
        self.limits = limits
    }

    /// Decodes the image at `path`, JPEGs turned upright by their EXIF orientation. With `fitting`, an image at least
    /// twice that size is decoded smaller as long as it still covers it, never whole: JPEG by libjpeg's DCT scaling
    /// and an area average, WebP by libwebp's scaler, PNG a few rows at a time into an area average. JPEG, still WebP
    /// and a PNG shown smaller are read from the file a chunk at a time; a PNG shown at its own size and an
    /// animated WebP (whose first frame the demuxer finds in the whole file) are read whole, within
    /// `LocalFiles.defaultMaxBytes`.
    public func decode(path: String, fitting: (width: Int, height: Int)? = nil) throws(ImageError) -> Bitmap {
        try decodeImage(path: path, fitting: fitting).bitmap
    }

    /// As `decode(path:fitting:)`, with the note a log should carry (an animated PNG shows its first frame).
    public func decodeImage(path: String, fitting: (width: Int, height: Int)? = nil) throws(ImageError)
        -> DecodedImage
    {
        let file = try open(path)
        switch try Self.format(of: file.imageBytes(count: 12, at: 0), path: path) {
        case .jpeg: return DecodedImage(bitmap: try JPEGCodec.decode(file, limits: limits, fitting: fitting))
        case .webp: return try WebPCodec.decode(file, limits: limits, fitting: fitting)
        case .gif: return try GIFAnimation.firstFrame(of: gifAnimation(file), fitting: fitting)
        case .video:
            let video = try VideoDecoder(path: path, identity: file.identity, limits: limits, fitting: fitting)
            guard let first = try video.nextFrame() else {
                throw ImageError(.corrupt, call: "avcodec_receive_frame", message: "no frame decodes", path: path)
            }
            return DecodedImage(bitmap: first.bitmap)
        case .png:
            let animated = try PNGCodec.isAnimated(byteCount: file.byteCount) { offset throws(ImageError) in
                try file.imageBytes(count: 8, at: offset)
            }
            let note = animated ? PNGCodec.animatedNote : nil
            if let fitting, let bitmap = try PNGCodec.decodeRows(file, limits: limits, fitting: fitting) {
                return DecodedImage(bitmap: bitmap, note: note)
            }
            let bytes = try file.allImageBytes()
            return DecodedImage(
                bitmap: try PNGCodec.decode(bytes, limits: limits, fitting: fitting, path: path), note: note)
        }
    }

    /// Decodes image bytes already in memory; `path` only labels errors.
    public func decode(bytes: [UInt8], path: String = "<memory>", fitting: (width: Int, height: Int)? = nil)
        throws(ImageError) -> Bitmap
    {
        try decodeImage(bytes: bytes, path: path, fitting: fitting).bitmap
    }

    /// As `decode(bytes:path:fitting:)`, with the note a log should carry.
    public func decodeImage(bytes: [UInt8], path: String = "<memory>", fitting: (width: Int, height: Int)? = nil)
        throws(ImageError) -> DecodedImage
    {
        switch try Self.format(of: bytes, path: path) {
        case .png:
            let animated = try PNGCodec.isAnimated(byteCount: bytes.count) {
                Array(bytes[$0..<min($0 + 8, bytes.count)])
            }
            return DecodedImage(
                bitmap: try PNGCodec.decode(bytes, limits: limits, fitting: fitting, path: path),
                note: animated ? PNGCodec.animatedNote : nil)
        case .jpeg:
            return DecodedImage(bitmap: try JPEGCodec.decode(bytes, limits: limits, fitting: fitting, path: path))
        case .webp: return try WebPCodec.decode(bytes, limits: limits, fitting: fitting, path: path)
        case .gif: return try GIFAnimation.firstFrame(of: gifAnimation(bytes: bytes, path: path), fitting: fitting)
        case .video: throw Self.videoInMemory(path)
        }
    }

    /// The GIF in `bytes` opened to play, read up to its first frame; `path` only labels errors.
    func gifAnimation(bytes: [UInt8], path: String) throws(ImageError) -> GIFAnimation {
        try GIFAnimation(path: path, limits: limits) { offset in bytes.imageChunk(at: offset) }
    }

    /// The GIF open in `file`, read from it a chunk at a time.
    private func gifAnimation(_ file: OpenFile) throws(ImageError) -> GIFAnimation {
        try GIFAnimation(path: file.path, limits: limits) { offset throws(ImageError) in try file.imageBytes(at: offset)
        }
    }

    /// The file at `path`, open for reading; an image error naming it when it cannot be opened.
    private func open(_ path: String) throws(ImageError) -> OpenFile {
        do {
            return try files.openRegularFile(path)
        } catch {
            throw ImageError(error, path: path)
        }
    }

    /// The animation at `path` opened to play, its frames decoded one at a time as they are asked for: a GIF (a
    /// still one is one frame) read a chunk at a time, or an animated WebP read whole, within
    /// `LocalFiles.defaultMaxBytes`. nil for a still WebP, told by its header (played, it would be decoded at full
    /// size only to be found one frame), and for the formats not played (PNG, JPEG). With `fitting`, every frame
    /// comes at that size, scaled to fill it (a video's as it is decoded, an animated image's once composed on its
    /// canvas: `FittedAnimation`); without, at the file's own.
    public func animation(path: String, fitting: (width: Int, height: Int)? = nil) throws(ImageError)
        -> (any AnimationDecoder)?
    {
        let file = try open(path)
        let animated: any AnimationDecoder
        switch try Self.format(of: file.imageBytes(count: 12, at: 0), path: path) {
        case .gif: animated = try gifAnimation(file)
        case .video: return try VideoDecoder(path: path, identity: file.identity, limits: limits, fitting: fitting)
        case .webp:
            // The header (VP8X, which says whether the file is animated) sits in the first few dozen bytes.
            guard try WebPCodec.header(file.imageBytes(at: 0), limits: limits, path: path).animated else { return nil }
            animated = try WebPAnimation(bytes: file.allImageBytes(), limits: limits, path: path)
        case .png, .jpeg: return nil
        }
        guard let fitting, fitting != (animated.width, animated.height) else { return animated }
        return FittedAnimation(animated, fitting: fitting)
    }

    /// As `animation(path:)`, for bytes in memory; `path` only labels errors.
    public func animation(bytes: [UInt8], path: String = "<memory>") throws(ImageError) -> (any AnimationDecoder)? {
        switch try Self.format(of: bytes, path: path) {
        case .gif: return try gifAnimation(bytes: bytes, path: path)
        case .webp:
            guard try WebPCodec.header(bytes, limits: limits, path: path).animated else { return nil }
            return try WebPAnimation(bytes: bytes, limits: limits, path: path)
        case .png, .jpeg: return nil
        case .video: throw Self.videoInMemory(path)
        }
    }

    /// What a video's bytes in memory give: FFmpeg plays a video from its file.
    private static func videoInMemory(_ path: String) -> ImageError {
        ImageError(.notAnImage, call: "sniff", message: "a video plays from its file, not from memory", path: path)
    }

    /// What the container of the video at `path` says of it (its summary, each frame's duration), read once per file
    /// (`VideoProbes`) and without opening a decoder: before any frame is drawn, the loader learns a video banner's
    /// length from it, the renderer whether to keep or stream the frames, `check` what to say; nil for an image, or a
    /// video that does not open (the renderer and `check` say why).
    public func videoProbe(path: String) -> VideoProbe? {
        guard let file = try? open(path),
            (try? Self.format(of: file.imageBytes(count: 12, at: 0), path: path)) == .video
        else { return nil }
        return try? VideoDecoder(path: path, identity: file.identity, limits: limits, fitting: nil, decoding: false)
            .probe
    }

    /// The format of a file starting with `bytes`; an empty file and an unknown signature are errors.
    private static func format(of bytes: [UInt8], path: String) throws(ImageError) -> ImageFormat {
        guard !bytes.isEmpty else { throw ImageError(.empty, call: "read", message: "", path: path) }
        guard let format = ImageFormat(sniffing: bytes) else {
            throw ImageError(.notAnImage, call: "sniff", message: unknownSignature, path: path)
        }
        return format
    }

    /// What `notAnImage` says.
    static let unknownSignature = "no \(ImageFormat.names) signature"

    /// The upright pixel size from the header alone, checked against the limits, without decoding the body.
    public func size(bytes: [UInt8], path: String = "<memory>") throws(ImageError) -> (width: Int, height: Int) {
        switch try Self.format(of: bytes, path: path) {
        case .png: return try PNGCodec.header(bytes, limits: limits, path: path).size
        case .jpeg: return try JPEGCodec.size(bytes, limits: limits, path: path)
        case .webp:
            let header = try WebPCodec.header(bytes, limits: limits, path: path)
            return (header.width, header.height)
        case .gif:
            let gif = try gifAnimation(bytes: bytes, path: path)
            return (gif.width, gif.height)
        case .video: throw Self.videoInMemory(path)
        }
    }
}
