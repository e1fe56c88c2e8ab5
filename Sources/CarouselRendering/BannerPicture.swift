import BannerContent
import CarouselEngine
import Raster

/// A banner as the presenter shows it: one sprite for a still, or one sprite of the whole banner per frame of an
/// animation, with the timeline they play on.
public struct BannerPicture: Sendable {
    /// At least one; one for a still.
    public let frames: [Sprite]
    /// nil: a still.
    public let timeline: AnimationTimeline?

    public init(_ still: Sprite) {
        frames = [still]
        timeline = nil
    }

    public init(frames: [Sprite], timeline: AnimationTimeline) {
        precondition(frames.count == timeline.frameCount)  // invariant: one sprite per frame of the timeline
        self.frames = frames
        self.timeline = timeline
    }

    /// The sprite of frame `n` (the last one past the end: a banner rendered again may have fewer).
    public func sprite(frame n: Int) -> Sprite {
        frames[min(max(0, n), frames.count - 1)]
    }

    /// `banner` drawn by `renderer` for `target`: an animation's frames as sprites, as many as `budget` bytes keep
    /// (past that, its first frame, and a line says why), else a still.
    public static func render(
        _ banner: Banner, with renderer: BannerRenderer, for target: PrerenderTarget,
        budget: Int = AnimationBudget.bytesPerBanner
    ) -> (picture: BannerPicture, problems: [String]) {
        let bound = AnimationBudget.frames(width: target.width, height: target.height, bytes: budget)
        var sprites: [Sprite] = []
        let animation = renderer.renderAnimation(
            banner, width: target.width, height: target.height, scale: target.scale,
            cornerRadius: target.cornerRadius
        ) { bitmap in
            guard sprites.count < bound else { return false }  // at least one: the still shown in its place
            sprites.append(target.sprite(bitmap))
            return true
        }
        if let animation, let first = sprites.first {
            if !animation.stopped,
                let timeline = AnimationTimeline(durations: animation.durations, plays: animation.plays)
            {
                return (BannerPicture(frames: sprites, timeline: timeline), animation.problems)
            }
            var problems = animation.problems
            if animation.stopped {
                problems.append(
                    "banner \"\(banner.id)\": its animation has more than \(bound) frames at \(target.width)x"
                        + "\(target.height) (the \(budget >> 20) MiB a banner keeps); only its "
                        + "first frame is shown")
            }
            return (BannerPicture(first), problems)
        }
        let rendered = renderer.render(
            banner, width: target.width, height: target.height, scale: target.scale, cornerRadius: target.cornerRadius)
        return (BannerPicture(target.sprite(rendered.bitmap)), rendered.problems)
    }
}

extension PrerenderTarget {
    /// `bitmap` as a sprite for this target: turned, in the display's format, flattened over the background.
    func sprite(_ bitmap: Bitmap) -> Sprite {
        Sprite(bitmap, rotation: rotation, format: format, over: background)
    }
}
