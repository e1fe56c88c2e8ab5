import CarouselEngine
import Raster

/// `[carousel]`: the look of the carousel. Lengths are in points (`DisplaySettings.scale` pixels each).
public struct CarouselSettings: Equatable, Sendable {
    private static let engine = CarouselMetrics()

    /// Space above the banners.
    public var topInset = engine.topInset
    /// Space below the banners.
    public var bottomInset = engine.bottomInset
    /// Space between the screen edge and the centre banner, each side.
    public var horizontalInset = engine.horizontalInset
    /// Space between neighbouring banners.
    public var gap = engine.gap
    /// Banner corner radius.
    public var cornerRadius = engine.cornerRadius
    /// How long a banner stays centred before the next one slides in; nil: autoplay off.
    public var autoplayInterval = engine.autoplayInterval
    /// Whose clock autoplay follows.
    public var sync = AutoplaySync.own
    /// The colour around and between banners.
    public var background = Color(rgb: 0x101010)
    /// Fonts for titles, first to last: a glyph missing from one is looked up in the next.
    public var titleFonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf", cjkFont, colourEmojiFont, symbolFont,
    ]
    /// Fonts for subtitles, first to last.
    public var bodyFonts = [
        "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf", cjkFont, colourEmojiFont, symbolFont,
    ]
    /// CJK (Debian's fonts-wqy-zenhei), second in both chains.
    static let cjkFont = "/usr/share/fonts/truetype/wqy/wqy-zenhei.ttc"
    /// Emoji in colour (Debian's fonts-noto-color-emoji), before the outline symbols in both chains.
    static let colourEmojiFont = "/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf"
    /// Symbols and emoji in outline (Debian's fonts-symbola), last in both chains: what the colour font lacks.
    static let symbolFont = "/usr/share/fonts/truetype/ancient-scripts/Symbola_hint.ttf"
    /// The default fonts the package recommends rather than depends on (only DejaVu is a dependency): one missing is
    /// a board installed without recommends, not a fault; text that needs it is named, with the package, when it
    /// shows as boxes.
    public static let recommendedFonts: Set<String> = [cjkFont, colourEmojiFont, symbolFont]

    /// The defaults (the engine's metrics; Debian's DejaVu with WenQuanYi for CJK, Noto Color Emoji and Symbola).
    public init() {}

    /// Longest autoplay interval accepted: a day (a longer one is surely a unit mistake).
    public static let maximumAutoplaySeconds = 86_400.0

    /// The engine's metrics with these settings applied over `metrics`.
    public func applied(to metrics: CarouselMetrics) -> CarouselMetrics {
        var m = metrics
        m.topInset = topInset
        m.bottomInset = bottomInset
        m.horizontalInset = horizontalInset
        m.gap = gap
        m.cornerRadius = cornerRadius
        m.autoplayInterval = autoplayInterval
        return m
    }
}

/// `[carousel] sync`: whose clock autoplay follows.
public enum AutoplaySync: String, CaseIterable, Equatable, Sendable {
    /// Each banner rests its interval from when it came to rest (`"off"`).
    case own = "off"
    /// The wall clock's shared timeline (`WallTimeline`): boards with the same banners and agreeing clocks show the
    /// same banner and start each slide together (`"wall-clock"`).
    case wallClock = "wall-clock"
}
