import CarouselEngine
import Raster

/// What the loop draws banners with: `CarouselPresenter` in `bannerd run`; in the tests' simulated world, the
/// presenter itself (rendering inline) or banners rendered when a script says. The loop uses it in `LoopWorld`'s
/// extension, the same way in both.
public protocol LoopPictures: AnyObject {
    /// Whether banner `index` is rendered (a frame shows a placeholder for one that is not).
    func isRendered(_ index: Int) -> Bool
    /// Keeps the banners around `carousel`'s centre rendered or on their way (`PrerenderWindow`).
    func focus(on carousel: Carousel)
    /// Counts changes to the rendered banners. A change during `focus` is banners rendered there and then (inline,
    /// as `bannerd render` and the tests render): the loop learns of them as from the worker's wake-up.
    var spriteGeneration: Int { get }
    /// Brings the animations on screen up to `now`: what that changed.
    func advanceAnimations(_ carousel: Carousel, at now: Duration) -> PictureChange
    /// When an animation on screen shows its next frame; nil when none plays.
    var nextAnimationFrame: Duration? { get }
    /// Draws `views` into `target`, only what changed since that buffer's last frame: at rest, an animation's
    /// frame writes only its banner.
    func drawChanges(_ views: VisibleViews, into target: PixelBuffer)
    /// Placeholders in the last frame drawn: 0 once every banner on screen is shown as itself.
    var placeholdersOnScreen: Int { get }
    /// Whether a streamed banner plays on the display's overlay planes (issue 45).
    var videosOnPlanes: Bool { get }
    /// Composes every video from now on, the planes off from the next flip, the frame they showed on the primary
    /// plane in their stead (a frame with them was refused).
    func giveUpPlanes()
}

extension LoopPictures {
    /// Pictures that never play on planes.
    public var videosOnPlanes: Bool { false }
    public func giveUpPlanes() {}
}

/// What the animations on screen changed in a step (`LoopPictures.advanceAnimations`).
public enum PictureChange: Equatable, Sendable {
    case none
    /// Only what the overlay planes show (a video's frame on its plane, issue 45): they are flipped alone.
    case overlays
    /// A sprite on screen: the frame is drawn again (carrying any change of the planes).
    case frame
}
