import CarouselEngine
import FrameLoop
import Raster

/// The simulated loop's pictures unless a test gives it a real presenter: each banner rendered when the script
/// says (as the pre-render worker's wake-up would tell), animations played as their timelines say, nothing drawn
/// into the buffer; what each frame showed recorded.
final class ScriptedPictures: LoopPictures {
    private let clock: ManualClock
    /// When each banner is rendered; one not listed is ready at once.
    var renderedAt: [Int: Duration] = [:]
    /// The banners that are animations, and how they play.
    var animations: [Int: AnimationTimeline] = [:]
    private var playback = AnimationPlayback()
    private(set) var placeholdersOnScreen = 0
    /// The frame the animation of the banner at the centre showed in the last frame drawn (0 for a still banner).
    private(set) var centreAnimationFrame = 0

    init(clock: ManualClock) {
        self.clock = clock
    }

    func isRendered(_ index: Int) -> Bool { Self.isRendered(index, of: renderedAt, at: clock.now) }

    /// Whether banner `index` is rendered at `now` when `renderedAt` says when each is.
    static func isRendered(_ index: Int, of renderedAt: [Int: Duration], at now: Duration) -> Bool {
        renderedAt[index].map { $0 <= now } ?? true
    }

    /// Rendering follows the script, whatever is in focus: the simulated loop wakes when it says.
    func focus(on carousel: Carousel) {}
    let spriteGeneration = 0

    func advanceAnimations(_ carousel: Carousel, at now: Duration) -> PictureChange {
        let changed = playback.advance(carousel.visibleViews(), playing: carousel.playingBanner, at: now) { banner in
            isRendered(banner) ? animations[banner] : nil
        }
        return changed ? .frame : .none
    }

    var nextAnimationFrame: Duration? { playback.nextChange }

    func drawChanges(_ views: VisibleViews, into target: PixelBuffer) {
        placeholdersOnScreen = views.filter { !isRendered($0.banner) }.count
        centreAnimationFrame = views.center.map { playback.frame(of: $0.banner) } ?? 0
    }
}
