import Raster

/// An animated image's frames scaled to fill `fitting` as they are decoded, so that every decoder gives what
/// `ImageDecoder.animation(path:fitting:)` asks: a video's frames are scaled by libswscale as they are decoded, a
/// GIF's or an animated WebP's are composed on the file's canvas at its own size (what their disposal and blending
/// need) and scaled here, once each, centred and cropped as a still is.
final class FittedAnimation: AnimationDecoder {
    private let decoder: any AnimationDecoder
    let width: Int
    let height: Int

    init(_ decoder: any AnimationDecoder, fitting: (width: Int, height: Int)) {
        self.decoder = decoder
        (width, height) = fitting
    }

    var plays: Int? { decoder.plays }

    func nextFrame() throws(ImageError) -> AnimationFrame? {
        guard let frame = try decoder.nextFrame() else { return nil }
        return AnimationFrame(bitmap: frame.bitmap.scaledToFill(width: width, height: height), duration: frame.duration)
    }

    func rewind() throws(ImageError) { try decoder.rewind() }
}
