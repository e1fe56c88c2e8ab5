import BannerContent
import Raster

/// Renders banners off the loop: the presenter hands it the content and a target (`reset`), asks for the banners
/// it wants (`request`) and picks up the finished ones (`collect`) without ever waiting for a render.
public protocol BannerPrerenderer: AnyObject {
    /// New content or a new size: forgets queued work; results of the old content are dropped.
    func reset(banners: BannerList, target: PrerenderTarget)
    /// Asks for banners, most wanted first; replaces earlier requests still waiting.
    func request(_ wanted: [Int])
    /// Takes the banners finished since the last call.
    func collect() -> [PrerenderedBanner]
    /// Asks for frames of `banner`'s streamed animation (`FrameStream`), most wanted first; replaces earlier ones.
    func stream(_ banner: Int, frames: [Int])
    /// Takes the streamed frames drawn since the last call.
    func collectFrames() -> [StreamedFrame]
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
