import ImageDecoding
import Raster

/// Where `BannerRenderer` gets images: `ImageDecoder` on the appliance, a fake in tests.
public protocol ImageLoading {
    /// The image at `path`, possibly decoded smaller as long as it still covers `fitting` pixels.
    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> Bitmap
}

extension ImageDecoder: ImageLoading {
    public func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> Bitmap {
        try decode(path: path, fitting: fitting)
    }
}
