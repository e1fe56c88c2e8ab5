import Raster

/// A decoded image and what a person showing it should know (an animated PNG reduced to its first frame).
public struct DecodedImage: Sendable {
    public var bitmap: Bitmap
    /// What to tell, after the file's path, in one line; nil when there is nothing to say.
    public var note: String?

    public init(bitmap: Bitmap, note: String? = nil) {
        self.bitmap = bitmap
        self.note = note
    }
}
