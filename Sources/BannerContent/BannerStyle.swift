import Raster

/// Banner layout numbers, in points (converted to pixels with the renderer's scale).
public struct BannerStyle: Equatable, Sendable {
    /// Title and subtitle start this far from the banner's top-left corner.
    public var textInset: Double = 16
    /// Gap between the title's line box and the subtitle's.
    public var lineGap: Double = 4
    /// Title size.
    public var titlePoints: Double = 28
    /// Subtitle size.
    public var subtitlePoints: Double = 18
    /// Corner radius of the banner.
    public var cornerRadius: Double = 8
    /// Darkest point of the scrim behind text on artwork (alpha 0…255, at the top edge).
    public var scrimAlpha: UInt8 = 120
    /// The scrim fades out this far below the text block.
    public var scrimFade: Double = 32

    /// The standard numbers (see the properties).
    public init() {}

    /// The standard style.
    public static let standard = BannerStyle()

    /// Points to whole pixels at `scale` pixels per point.
    public static func pixels(_ points: Double, scale: Double) -> Int { Int((points * scale).rounded()) }
}
