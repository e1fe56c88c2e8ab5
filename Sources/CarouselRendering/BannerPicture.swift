import BannerContent
import CarouselEngine
import Raster

/// A banner as the presenter shows it: one sprite for a still; one sprite of the whole banner per frame of an
/// animation that fits what a banner keeps (`AnimationBudget`), with the timeline they play on; or, for a longer
/// one, its first frame and its timeline, the other frames drawn as they play (`isStreamed`, `StreamDrawer`).
public struct BannerPicture: Sendable {
    /// At least one; one for a still and for a streamed animation.
    public let sprites: [Sprite]
    /// nil: a still.
    public let timeline: AnimationTimeline?
    /// The frames past the first are drawn as they play, off the loop.
    public let isStreamed: Bool

    public init(_ still: Sprite) {
        sprites = [still]
        timeline = nil
        isStreamed = false
    }

    public init(sprites: [Sprite], timeline: AnimationTimeline) {
        precondition(sprites.count == timeline.frameCount)  // invariant: one sprite per frame of the timeline
        self.sprites = sprites
        self.timeline = timeline
        isStreamed = false
    }

    /// An animation too long to keep: its first frame, the others drawn as they play.
    public init(streaming first: Sprite, timeline: AnimationTimeline) {
        sprites = [first]
        self.timeline = timeline
        isStreamed = true
    }

    /// The sprite of frame `n` of the frames kept (the last one past the end: a banner rendered again may have
    /// fewer; a streamed animation's first frame).
    public func sprite(frame n: Int) -> Sprite {
        sprites[min(max(0, n), sprites.count - 1)]
    }

    /// `banner` drawn by `renderer` for `target`: an animation's frames as sprites, when all of them fit in the
    /// target's `animationBudget`, else its first frame to stream the rest from (`isStreamed`); a still otherwise.
    public static func render(_ banner: Banner, with renderer: BannerRenderer, for target: PrerenderTarget)
        -> (picture: BannerPicture, problems: [String])
    {
        let bound = AnimationBudget.frames(width: target.width, height: target.height, bytes: target.animationBudget)
        var sprites: [Sprite] = []
        let animation = renderer.renderAnimation(
            banner, width: target.width, height: target.height, scale: target.scale,
            cornerRadius: target.cornerRadius, keeping: bound, background: target.background
        ) { bitmap in
            guard sprites.count < bound else {
                sprites.removeSubrange(1...)  // streamed: the first frame is all it keeps
                return false
            }
            sprites.append(target.sprite(bitmap))
            return true
        }
        if let animation, let first = sprites.first {
            guard let timeline = AnimationTimeline(durations: animation.durations, plays: animation.plays) else {
                return (BannerPicture(first), animation.problems)
            }
            let picture =
                animation.drawn == animation.durations.count
                ? BannerPicture(sprites: sprites, timeline: timeline)
                : BannerPicture(streaming: first, timeline: timeline)
            return (picture, animation.problems)
        }
        let rendered = renderer.render(
            banner, width: target.width, height: target.height, scale: target.scale, cornerRadius: target.cornerRadius)
        return (BannerPicture(target.sprite(rendered.bitmap)), rendered.problems)
    }
}

extension PrerenderTarget {
    /// `bitmap` as a sprite for this target: turned, in the display's format, flattened over the background; its
    /// memory from `pool` when given.
    func sprite(_ bitmap: Bitmap, pool: SpritePool? = nil) -> Sprite {
        Sprite(bitmap, rotation: rotation, format: format, over: background, pool: pool)
    }

    /// A pool for the memory of this target's sprites.
    func spritePool() -> SpritePool {
        SpritePool(logicalWidth: width, logicalHeight: height, rotation: rotation, format: format)
    }
}
