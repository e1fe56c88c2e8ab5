import BannerContent
import CarouselEngine

extension BannerList {
    /// The carousel of these banners, as `run` and `render` build it: the configuration's `metrics` (autoplay's
    /// interval) and each banner's own duration, at rest since `time` on `startIndex`; `paused` carries the
    /// operator's pause over from the carousel it replaces. With `wallOffset` (wall-clock time minus `time`'s clock)
    /// autoplay follows the wall clock's timeline (`[carousel] sync = "wall-clock"`), and a carousel with no
    /// `startIndex` starts where the timeline is at `time`: on its banner, or sliding onto it when its slot began
    /// less than a slide before (so two boards, or two renders, started apart show the same frames from the
    /// start). Without, on the first banner.
    func carousel(
        layout: CarouselLayout, metrics: CarouselMetrics, startIndex: Int? = nil, time: Duration = .zero,
        paused: Bool = false, wallOffset: Duration? = nil
    ) -> Carousel {
        func make(on index: Int, since time: Duration) -> Carousel {
            var carousel = Carousel(layout: layout, metrics: metrics, count: count, startIndex: index, time: time)
            carousel.autoplayPaused = paused
            carousel.ownAutoplayInterval = { [self] in duration(at: $0) }
            return carousel
        }
        var carousel = make(on: startIndex ?? 0, since: time)
        guard let wallOffset, let timeline = WallTimeline(following: carousel) else { return carousel }
        let wallClock = WallClockAutoplay(timeline: timeline, offset: wallOffset)
        guard startIndex == nil else {
            carousel.wallClock = wallClock
            return carousel
        }
        let slot = wallClock.slot(at: time)
        let sliding = time - slot.start < metrics.snapMaximumDuration
        // Within a slide: on the banner before, already sliding as far on as the timeline is.
        carousel = make(on: sliding ? (slot.banner + count - 1) % count : slot.banner, since: time)
        carousel.wallClock = wallClock
        if sliding { carousel.joinWallSlide(startedAt: slot.start, at: time) }
        return carousel
    }
}
