import ImageDecoding
import Raster

/// An animated banner drawn frame by frame (`BannerRenderer.renderAnimation`).
public struct RenderedAnimation: Sendable {
    /// How long each frame drawn shows, in order.
    public var durations: [Duration]
    /// How many times the frames play; nil: for ever.
    public var plays: Int?
    /// Lines for the log, as `RenderedBanner.problems`.
    public var problems: [String]
    /// Drawing stopped because the caller said so (its bound on memory): the frames drawn are not all of them.
    public var stopped: Bool
}

extension BannerRenderer {
    /// Draws `banner` frame by frame when its artwork is an animation of more than one frame. Each frame is the whole
    /// banner as `render` draws a still, over the animation's frame scaled to fill, handed to `frame` as soon as it
    /// is drawn (so that one banner-sized bitmap at a time is held here); `frame` returns whether to go on. A frame
    /// after the first that cannot be decoded ends the animation with the frames before it, and a line says so (one
    /// frame left: a still). nil: no animation (a still, a format not played, or a file whose first frame cannot be
    /// decoded: `render` draws it and says why).
    public func renderAnimation(
        _ banner: Banner, width: Int, height: Int, scale: Double, cornerRadius: Int? = nil,
        frame: (Bitmap) -> Bool
    ) -> RenderedAnimation? {
        guard case .file(let path) = banner.artwork,
            let animation = try? images.loadAnimation(path: path),
            let first = try? animation.nextFrame()
        else { return nil }
        // One frame decoded ahead: a second frame, or none (a still GIF), is known before anything is drawn, and a
        // frame that fails is known before the one before it is kept.
        var ahead = Result { () throws(ImageError) in try animation.nextFrame() }
        if case .success(nil) = ahead { return nil }
        var problems: [String] = []
        var durations: [Duration] = []
        var stopped = false
        var current: AnimationFrame? = first
        while let shown = current {
            let artwork = shown.bitmap.scaledToFill(width: width, height: height)
            let bitmap = finish(
                banner, artwork: artwork, width: width, height: height, scale: scale, cornerRadius: cornerRadius)
            guard frame(bitmap) else {
                stopped = true
                break
            }
            durations.append(shown.duration)
            switch ahead {
            case .success(let next):
                current = next
                if next != nil { ahead = Result { () throws(ImageError) in try animation.nextFrame() } }
            case .failure(let error):
                problems.append("\(path): " + Self.frameFailure(frame: durations.count + 1, error))
                current = nil
            }
        }
        problems += textProblems(in: banner) + fontProblems(banner)
        return RenderedAnimation(durations: durations, plays: animation.plays, problems: problems, stopped: stopped)
    }

    /// What follows the path when frame `frame` of an animation fails: the player's log and `check` say the same.
    static func frameFailure(frame: Int, _ error: ImageError) -> String {
        "frame \(frame): \(error.reason); the \(frame - 1) frame(s) before it play"
    }
}
