import ImageDecoding
import Raster

/// Where `BannerRenderer` gets images: `ImageDecoder` on the appliance, a fake in tests.
public protocol ImageLoading {
    /// The image at `path`, possibly decoded smaller as long as it still covers `fitting` pixels, with a note for
    /// the log (an animated PNG shows its first frame).
    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> DecodedImage
    /// The animation at `path` opened to play, its frames decoded as they are asked for; nil for a format that is
    /// not played (`ImageDecoder.animation(path:fitting:)`). Every frame comes scaled to fill `fitting`.
    func loadAnimation(path: String, fitting: (width: Int, height: Int)) throws -> (any AnimationDecoder)?
    /// What the container of the video at `path` says of it, before any frame is decoded; nil for an image
    /// (`ImageDecoder.videoProbe(path:)`).
    func videoProbe(path: String) -> VideoProbe?
}

extension ImageDecoder: ImageLoading {
    public func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> DecodedImage {
        try decodeImage(path: path, fitting: fitting)
    }

    public func loadAnimation(path: String, fitting: (width: Int, height: Int)) throws -> (any AnimationDecoder)? {
        try animation(path: path, fitting: fitting)
    }
}
