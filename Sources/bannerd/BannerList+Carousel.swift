import BannerContent
import CarouselEngine

extension BannerList {
    /// The carousel of these banners, as `run` and `render` build it: the configuration's `metrics` (autoplay's
    /// interval) and each banner's own duration, at rest on `startIndex` since `time`; `paused` carries the
    /// operator's pause over from the carousel it replaces.
    func carousel(
        layout: CarouselLayout, metrics: CarouselMetrics, startIndex: Int = 0, time: Duration = .zero,
        paused: Bool = false
    ) -> Carousel {
        var carousel = Carousel(layout: layout, metrics: metrics, count: count, startIndex: startIndex, time: time)
        carousel.autoplayPaused = paused
        carousel.ownAutoplayInterval = { [self] in duration(at: $0) }
        return carousel
    }
}
