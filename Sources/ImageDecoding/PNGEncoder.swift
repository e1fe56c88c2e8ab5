import FileAccess
import Raster

/// Writes bitmaps as PNG: frames, screenshots and golden images.
public struct PNGEncoder: Sendable {
    /// An encoder (stateless).
    public init() {}

    /// The PNG bytes of `bitmap` (8-bit RGBA, straight alpha as PNG requires).
    public func encode(_ bitmap: Bitmap) throws(ImageError) -> [UInt8] {
        try PNGCodec.encode(bitmap)
    }

    /// Writes `bitmap` as a PNG file at `path`, atomically (temporary file, then rename).
    public func write(_ bitmap: Bitmap, to path: String) throws(ImageError) {
        let bytes = try PNGCodec.encode(bitmap)
        do {
            try LocalFiles().writeAtomically(bytes, to: path)
        } catch {
            throw ImageError(.encodeFailed, call: error.call, message: error.message, path: path)
        }
    }
}
