import FileAccess
import Raster

/// Reads PNG, JPEG and WebP files into premultiplied `Bitmap`s, refusing oversized images before decoding their
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
    /// twice that size is decoded smaller as long as it still covers it, never whole: JPEG by TurboJPEG's DCT
    /// scaling, WebP by libwebp's scaler, PNG a few rows at a time into an area average.
    public func decode(path: String, fitting: (width: Int, height: Int)? = nil) throws(ImageError) -> Bitmap {
        try decodeImage(path: path, fitting: fitting).bitmap
    }

    /// As `decode(path:fitting:)`, with the note a log should carry (an animated WebP shows its first frame).
    public func decodeImage(path: String, fitting: (width: Int, height: Int)? = nil) throws(ImageError)
        -> DecodedImage
    {
        let file: OpenFile
        do {
            file = try files.openRegularFile(path)
        } catch {
            throw ImageError(error)
        }
        if let fitting, let bitmap = try PNGCodec.decodeRows(file, limits: limits, fitting: fitting) {
            return DecodedImage(bitmap: bitmap)
        }
        let bytes: [UInt8]
        do {
            bytes = try file.readAll()
        } catch {
            throw ImageError(error)
        }
        return try decodeImage(bytes: bytes, path: path, fitting: fitting)
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
        guard !bytes.isEmpty else { throw ImageError(.empty, call: "read", message: "", path: path) }
        switch ImageFormat(sniffing: bytes) {
        case .png: return DecodedImage(bitmap: try PNGCodec.decode(bytes, limits: limits, fitting: fitting, path: path))
        case .jpeg:
            // Decode at the stored orientation (sideways for many phone photos), then turn upright.
            let orientation = ExifOrientation(jpeg: bytes)
            let stored = orientation.swapsAxes ? fitting.map { (width: $0.height, height: $0.width) } : fitting
            let image = try JPEGCodec.decode(bytes, limits: limits, fitting: stored, path: path)
            return DecodedImage(bitmap: orientation.apply(to: image))
        case .webp: return try WebPCodec.decode(bytes, limits: limits, fitting: fitting, path: path)
        case nil:
            throw ImageError(.notAnImage, call: "sniff", message: Self.unknownSignature, path: path)
        }
    }

    /// What `notAnImage` says.
    static let unknownSignature = "no PNG, JPEG or WebP signature"

    /// The upright pixel size from the header alone, checked against the limits, without decoding the body.
    public func size(bytes: [UInt8], path: String = "<memory>") throws(ImageError) -> (width: Int, height: Int) {
        guard !bytes.isEmpty else { throw ImageError(.empty, call: "read", message: "", path: path) }
        switch ImageFormat(sniffing: bytes) {
        case .png: return try PNGCodec.header(bytes, limits: limits, path: path).size
        case .jpeg:
            let stored = try JPEGCodec.header(bytes, limits: limits, path: path)
            return ExifOrientation(jpeg: bytes).swapsAxes ? (stored.height, stored.width) : stored
        case .webp:
            let header = try WebPCodec.header(bytes, limits: limits, path: path)
            return (header.width, header.height)
        case nil:
            throw ImageError(.notAnImage, call: "sniff", message: Self.unknownSignature, path: path)
        }
    }
}
