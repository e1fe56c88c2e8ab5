import Raster
import TextLayout
import WallClock

/// What a banner shows behind its text.
public enum BannerArtwork: Equatable, Sendable {
    /// Nothing: the background colour.
    case none
    /// An image file (PNG or JPEG), scaled to fill and centre-cropped.
    case file(path: String)
    /// A pattern generated in code (the built-in demo content).
    case pattern(BannerPattern)
}

/// One banner of the carousel.
public struct Banner: Equatable, Sendable, Identifiable {
    /// Stable identity (manifest `id`, else derived from the file name).
    public var id: String
    /// Main line of text; empty for none.
    public var title: String
    /// Second line of text; empty for none.
    public var subtitle: String
    /// What is drawn behind the text.
    public var artwork: BannerArtwork
    /// Shown where there is no artwork, and as the placeholder when the image is bad.
    public var background: Color
    /// Colour of the title and subtitle (white unless the manifest says otherwise).
    public var textColor: Color
    /// The direction of its title and subtitle; nil for each line's first strong character's (Arabic or Hebrew
    /// text runs right to left and sits against the right edge).
    public var direction: TextDirection?
    /// How long autoplay shows it; nil for the carousel's default (a video's own length, when the loader knows it).
    public var duration: Duration?
    /// Whether its animation or video plays for ever (manifest `loop = true`), not as many times as the file says.
    public var loop: Bool
    /// What a tap on it runs (one of the admin's actions, by name); nil for nothing.
    public var action: BannerAction?
    /// When it may be shown (manifest `start`, `end`, `days`, `hours`); nil for always.
    public var schedule: BannerSchedule?

    /// A banner; everything but `id` has a default.
    public init(
        id: String, title: String = "", subtitle: String = "", artwork: BannerArtwork = .none,
        background: Color = Banner.defaultBackground, textColor: Color = .white, duration: Duration? = nil,
        action: BannerAction? = nil, schedule: BannerSchedule? = nil, direction: TextDirection? = nil,
        loop: Bool = false
    ) {
        self.loop = loop
        self.id = id
        self.title = title
        self.subtitle = subtitle
        self.artwork = artwork
        self.background = background
        self.textColor = textColor
        self.duration = duration
        self.action = action
        self.schedule = schedule
        self.direction = direction
    }

    /// A dark slate that white text reads well on.
    public static let defaultBackground = Color(rgb: 0x26_3238)

    /// The image path, if the artwork is a file.
    public var imagePath: String? {
        if case .file(let path) = artwork { return path }
        return nil
    }
}
