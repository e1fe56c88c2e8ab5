import ImageDecoding
import Raster

/// An animated banner drawn frame by frame (`BannerRenderer.renderAnimation`).
public struct RenderedAnimation: Sendable {
    /// How long each frame shows, in order: every frame the file gives, those decoded after the drawing stopped too.
    public var durations: [Duration]
    /// How many frames were drawn and handed over, from the first: all of them unless the caller stopped.
    public var drawn: Int
    /// How many times the frames play; nil: for ever (the file says so, or the banner's `loop`).
    public var plays: Int?
    /// Lines for the log, as `RenderedBanner.problems`.
    public var problems: [String]
}

extension BannerRenderer {
    /// Draws `banner` frame by frame when its artwork is an animation of more than one frame. Each frame is the whole
    /// banner (`renderFrame`), handed to `frame` as soon as it is drawn (so that one banner-sized bitmap at a time is
    /// held here); `frame` returns whether to go on drawing. Once it says no, the rest of an animated image is still
    /// decoded, not drawn, so that every frame's duration is known; a video's container gives them, and its decoding
    /// stops there. A frame after the first that cannot be decoded ends the animation with the frames before it, and
    /// a line says so (one frame left: a still). nil: no animation (a still, a format not played, or a file whose
    /// first frame cannot be decoded: `render` draws it and says why). A video of more than `keeping` frames (its
    /// container tells how many before any is drawn) has its first frame drawn only: it is streamed. With
    /// `background` (the carousel's), each frame is finished by one `OverlayLayer` flattened over it, as a display
    /// plane above the picture would show it.
    public func renderAnimation(
        _ banner: Banner, width: Int, height: Int, scale: Double, cornerRadius: Int? = nil, keeping: Int = .max,
        background: Color? = nil, frame: (Bitmap) -> Bool
    ) -> RenderedAnimation? {
        guard case .file(let path) = banner.artwork,
            let animation = try? images.loadAnimation(path: path, fitting: (width, height)),
            let first = try? animation.nextFrame()
        else { return nil }
        // One frame decoded ahead: a second frame, or none (a still GIF), is known before anything is drawn, and a
        // frame that fails is known before the one before it is kept.
        var ahead = Result { () throws(ImageError) in try animation.nextFrame() }
        if case .success(nil) = ahead { return nil }
        // A video's container tells every frame's duration, and so how many there are, before any is drawn.
        let known = images.videoProbe(path: path)?.durations
        var problems: [String] = []
        let over = overlay(
            banner, width: width, height: height, scale: scale, cornerRadius: cornerRadius, scrim: true)
        let finishing =
            background.map {
                BannerFinish.layer(OverlayLayer(over, width: width, height: height, background: $0))
            } ?? .overlay(over)
        var durations: [Duration] = []
        var drawn = 0
        var drawing = true
        var current: AnimationFrame? = first
        while let shown = current {
            if !drawing, let known {
                durations = known
                break
            }
            if drawing {
                drawing = frame(renderFrame(banner, shown, width: width, height: height, finishing: finishing))
                if drawing { drawn += 1 }
                if let known, known.count > keeping { drawing = false }
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
        if let fallback = animation.decoderFallback { problems.append(fallback.description) }
        problems += textProblems(in: banner) + fontProblems(banner)
        return RenderedAnimation(
            durations: durations, drawn: drawn, plays: banner.loop ? nil : animation.plays, problems: problems)
    }

    /// One frame of an animation drawn as the whole banner, as `render` draws a still: the frame scaled to fill,
    /// then `finishing` (the banner's scrim, text and corners, drawn once for all its frames) laid over it.
    public func renderFrame(
        _ banner: Banner, _ frame: consuming AnimationFrame, width: Int, height: Int, finishing: BannerFinish
    ) -> Bitmap {
        // Every decoder's frames come at the banner's size already (`ImageLoading.loadAnimation(path:fitting:)`):
        // the overlay is laid over the decoded pixels themselves. A source that gives them at another size (a test's)
        // has them scaled here.
        let artwork =
            frame.bitmap.width == width && frame.bitmap.height == height
            ? (consume frame).bitmap : frame.bitmap.scaledToFill(width: width, height: height)
        return finish(banner, artwork: artwork, width: width, height: height, finishing: finishing)
    }

    /// What follows the path when frame `frame` of an animation fails: the player's log and `check` say the same.
    public static func frameFailure(frame: Int, _ error: ImageError) -> String {
        "frame \(frame): \(error.reason); the \(frame - 1) frame(s) before it play"
    }
}
