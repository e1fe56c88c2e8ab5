/// The largest images bannerd agrees to decode, checked against the header before any pixel is decoded.
///
/// A 16384×16384 RGBA image is already 1 GiB; signage boards have far less memory, and a hostile or mistaken
/// file must not take the player down.
public struct ImageLimits: Equatable, Sendable {
    /// Longest allowed side, in pixels.
    public var maxSide: Int
    /// Most pixels allowed (width × height).
    public var maxPixels: Int

    /// Limits; the defaults are 16384 px a side and 64 megapixels.
    public init(maxSide: Int = 16384, maxPixels: Int = 64 * 1024 * 1024) {
        self.maxSide = maxSide
        self.maxPixels = maxPixels
    }

    /// The default limits.
    public static let `default` = ImageLimits()

    /// Throws `tooLarge` when a `width × height` header is over the limits (or not positive: `corrupt`).
    public func check(width: Int, height: Int, call: String, path: String) throws(ImageError) {
        guard width > 0, height > 0 else {
            throw ImageError(.corrupt, call: call, message: "header says \(width)x\(height)", path: path)
        }
        guard width <= maxSide, height <= maxSide, width * height <= maxPixels else {
            throw ImageError(
                .tooLarge(width: width, height: height), call: "limits",
                message: "at most \(maxSide) px a side and \(maxPixels / (1024 * 1024)) megapixels", path: path)
        }
    }
}
