/// Where banners sit on screen, converted from points to whole pixels once.
///
/// Every pixel distance is rounded once here and then only added or subtracted as integers,
/// so the inset, the gap and the ears are the same number of pixels wherever a banner is, at any scale.
/// The page step in points is defined *from* the pixel step (`pageStepPixels / scale`), so a scroll
/// position of exactly `k` pages lands on exactly `k · pageStepPixels` pixels.
public struct CarouselLayout: Equatable, Sendable {
    /// Viewport size in pixels (after rotation: the size the carousel is laid out in).
    public let viewportWidthPixels: Int
    public let viewportHeightPixels: Int
    /// Pixels per point.
    public let scale: Double
    public let insetPixels: Int
    public let gapPixels: Int
    public let topInsetPixels: Int
    public let cornerRadiusPixels: Int
    public let bannerWidthPixels: Int
    public let bannerHeightPixels: Int

    /// Why a viewport cannot hold a banner.
    public struct TooSmall: Error, Equatable, CustomStringConvertible {
        public let widthPixels: Int
        public let heightPixels: Int
        public let scale: Double
        public var description: String {
            "viewport \(widthPixels)x\(heightPixels) px at scale \(scale) leaves no room for a banner"
        }
    }

    /// Lays out a viewport of the given pixel size.
    /// - Throws: `TooSmall` when the insets leave no banner, or the scale is not a positive number.
    public init(
        widthPixels: Int, heightPixels: Int, scale: Double, metrics: CarouselMetrics = CarouselMetrics()
    ) throws(TooSmall) {
        guard scale.isFinite, scale > 0 else {
            throw TooSmall(widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        }
        func pixels(_ points: Double) -> Int { Int((points * scale).rounded()) }
        insetPixels = pixels(metrics.horizontalInset)
        gapPixels = pixels(metrics.gap)
        topInsetPixels = pixels(metrics.topInset)
        cornerRadiusPixels = pixels(metrics.cornerRadius)
        bannerWidthPixels = widthPixels - 2 * insetPixels
        bannerHeightPixels = heightPixels - topInsetPixels - pixels(metrics.bottomInset)
        guard bannerWidthPixels > 0, bannerHeightPixels > 0, gapPixels >= 0 else {
            throw TooSmall(widthPixels: widthPixels, heightPixels: heightPixels, scale: scale)
        }
        viewportWidthPixels = widthPixels
        viewportHeightPixels = heightPixels
        self.scale = scale
    }

    /// Distance between the left edges of neighbouring banners, in pixels.
    public var pageStepPixels: Int { bannerWidthPixels + gapPixels }

    /// Distance between neighbouring banners' left edges, in points: the scroll distance of one page.
    public var pageStep: Double { Double(pageStepPixels) / scale }

    /// Viewport width in points.
    public var viewportWidth: Double { Double(viewportWidthPixels) / scale }

    /// The scroll position in whole pixels. Rounded in one place so every banner moves by the same amount.
    public func scrollPixels(_ position: Double) -> Int {
        Int((position * scale).rounded())
    }

    /// Left edge, in pixels, of the banner at absolute `page` when the carousel is scrolled to `position` points.
    public func bannerX(page: Int, scrollPixels: Int) -> Int {
        insetPixels + page * pageStepPixels - scrollPixels
    }

    /// Whether a banner whose left edge is at `x` shows any pixel.
    public func isVisible(bannerX x: Int) -> Bool {
        x < viewportWidthPixels && x + bannerWidthPixels > 0
    }
}
