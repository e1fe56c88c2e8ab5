import BannerContent
import DisplaySelection
import Raster

/// Renders banners off the loop: the presenter hands it the content and a target (`reset`), asks for the banners
/// it wants (`request`) and picks up the finished ones (`collect`) without ever waiting for a render.
///
/// Two presenters may share one: the one on screen and the one rendering reloaded content off screen until it takes
/// over. Each `reset` begins a generation, and the banners and frames a presenter collects are those asked for with
/// its own, so neither ever takes the other's.
public protocol BannerPrerenderer: AnyObject {
    /// New content or a new size: forgets queued banners; banners rendered for the content before are dropped.
    /// Returns the generation the presenter's work goes by from now on. A stream plays on: it is its asker's.
    func reset(banners: BannerList, target: PrerenderTarget) -> Int
    /// Asks for banners of the newest content, most wanted first; replaces earlier requests still waiting.
    func request(_ wanted: [Int])
    /// Takes the banners finished for `generation` since the last call.
    func collect(generation: Int) -> [PrerenderedBanner]
    /// Asks for frames of a streamed animation (`StreamDrawer`); replaces what was asked before (no frames: none to
    /// draw now, the stream kept open for the next).
    func stream(_ request: StreamRequest)
    /// `owner`'s stream is no longer wanted: it is closed off the caller's thread.
    func endStream(_ owner: StreamOwner)
    /// Draws `frame`, on the planes, as a sprite with `layer` over it (`DrawnFrame.flattened`) for `target`; it comes
    /// with the frames `collectFrames(generation:)` takes.
    func flatten(_ frame: DrawnFrame, layer: any PlaneMemory, target: PrerenderTarget, generation: Int)
    /// Takes the streamed frames drawn for `generation` since the last call, and those flattened for it.
    func collectFrames(generation: Int) -> (frames: [DrawnFrame], problems: [String])
}

/// Frames of one streamed animation, most wanted first, as a presenter asks for them: everything needed to draw them
/// is in the request (the banner, the target), so that no request reads another presenter's banners.
public struct StreamRequest: Sendable {
    /// The asking presenter's generation (`BannerPrerenderer.reset`).
    public var generation: Int
    /// The banner's index in the asker's banners, and the banner.
    public var banner: Int
    public var content: Banner
    public var target: PrerenderTarget
    public var frames: [Int]
    /// The memory each of `frames` is decoded into when its banner plays on the overlay planes (issue 45), lent by
    /// the presenter; a frame without is drawn as a sprite.
    public var planes: [Int: any PlaneMemory]
    /// Memory for the banner's layer on the planes (scrim, text, corners), written before the next frame drawn: once,
    /// as the banner takes them.
    public var layer: (any PlaneMemory)?

    public init(
        generation: Int, banner: Int, content: Banner, target: PrerenderTarget, frames: [Int],
        planes: [Int: any PlaneMemory] = [:], layer: (any PlaneMemory)? = nil
    ) {
        self.generation = generation
        self.banner = banner
        self.content = content
        self.target = target
        self.frames = frames
        self.planes = planes
        self.layer = layer
    }

    /// Whom the stream drawing these frames belongs to.
    public var owner: StreamOwner { StreamOwner(generation: generation, banner: banner) }
}

/// A stream's owner: a presenter's generation and its banner. A stream opened for one owner draws for it only.
public struct StreamOwner: Equatable, Sendable {
    public var generation: Int
    public var banner: Int

    public init(generation: Int, banner: Int) {
        self.generation = generation
        self.banner = banner
    }
}

/// One finished banner.
public struct PrerenderedBanner: Sendable {
    public var banner: Int
    public var picture: BannerPicture
    /// What could not be drawn as given (see `RenderedBanner.problems`).
    public var problems: [String]

    public init(banner: Int, picture: BannerPicture, problems: [String]) {
        self.banner = banner
        self.picture = picture
        self.problems = problems
    }
}

/// What a banner is rendered into: size in pixels, scale, corner radius, rotation, pixel format, and the colour it
/// is shown over.
public struct PrerenderTarget: Equatable, Sendable {
    public var width: Int
    public var height: Int
    public var scale: Double
    public var cornerRadius: Int
    public var rotation: Rotation
    /// The display's pixel format: sprites are stored in it, so composing is a plain copy.
    public var format: PixelFormat
    /// The carousel's background: sprites are flattened over it, so every pixel of a frame is a plain copy.
    public var background: Color
    /// The bytes of frames an animated banner keeps; a longer animation is streamed (`BannerPicture`).
    public var animationBudget: Int

    public init(
        width: Int, height: Int, scale: Double, cornerRadius: Int, rotation: Rotation,
        format: PixelFormat = .xrgb8888, background: Color, animationBudget: Int = AnimationBudget.bytesPerBanner
    ) {
        self.animationBudget = animationBudget
        self.width = width
        self.height = height
        self.scale = scale
        self.cornerRadius = cornerRadius
        self.rotation = rotation
        self.format = format
        self.background = background
    }
}
