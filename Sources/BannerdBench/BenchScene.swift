import BannerContent
import CarouselEngine
import CarouselRendering
import Glibc
import GlyphText
import ImageDecoding
import Raster
import TextLayout

/// The carousel background of every benchmark: the appliance's default (`CarouselSettings.background`).
let benchBackground = Color(rgb: 0x10_1010)

/// A carousel and its presenter at one display size, at 1 px/pt, as the appliance would run them.
struct BenchScene {
    let layout: CarouselLayout
    let presenter: CarouselPresenter
    var carousel: Carousel
    /// The x where the current drag's finger is anchored (after the slop), in pixels.
    private var anchorX = 0.0
    private(set) var time = Duration.zero

    /// Throws when the fonts cannot be opened or the size cannot hold a banner.
    init(
        width: Int, height: Int, format: PixelFormat = .xrgb8888, banners: BannerList, fonts: FontSet,
        rendering: CarouselPresenter.Rendering? = nil
    ) throws {
        layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: 1)
        let inline = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: .none, format: format, background: benchBackground,
            rendering: rendering ?? .inline(inline))
        carousel = Carousel(layout: layout, count: banners.count)
    }

    /// Puts a finger down and drags past the slop, so later `drag(toOffset:)` calls place the carousel exactly.
    mutating func beginDrag() {
        let start = Double(layout.viewportWidthPixels) * 0.6
        let y = Double(layout.viewportHeightPixels) / 2
        carousel.handle(.touchDown(slot: 0, position: PixelPoint(x: start, y: y), millimetres: nil, time: time))
        // 20 px crosses the 16 pt slop; the drag is anchored where the finger crossed it, 16 px from the start.
        carousel.handle(.touchMotion(slot: 0, position: PixelPoint(x: start - 20, y: y), millimetres: nil, time: time))
        anchorX = start - 16
    }

    /// One 60 Hz frame with the finger at `offset` pixels of scroll from the drag's start: input, engine step,
    /// pre-render focus, composition into `target`.
    mutating func frame(dragOffset offset: Double, into target: PixelBuffer) {
        time += FramePacer.step
        let y = Double(layout.viewportHeightPixels) / 2
        carousel.handle(
            .touchMotion(slot: 0, position: PixelPoint(x: anchorX - offset, y: y), millimetres: nil, time: time))
        carousel.advance(to: time)
        presenter.focus(on: carousel)
        presenter.draw(carousel.visibleViews(), into: target)
    }
}

extension BenchScene {
    /// Browses `pages` banners forwards, one key press every half second, drawing every 60 Hz frame into `target`.
    mutating func browse(pages: Int, into target: PixelBuffer) {
        for _ in 0..<pages {
            carousel.handle(.key(.right, time: time))
            for _ in 0..<30 {
                time += FramePacer.step
                carousel.advance(to: time)
                presenter.focus(on: carousel)
                presenter.draw(carousel.visibleViews(), into: target)
            }
        }
    }
}

/// A renderer for a `PrerenderWorker` thread: FreeType faces belong to one thread, so the fonts are opened there.
@Sendable func threadRenderer(_ thread: Int) throws -> BannerRenderer {
    let fonts = try FontSet()
    return BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
}

extension CarouselPresenter {
    /// Lets a threaded pre-renderer work, collecting what it finishes, until `done` holds or `limit` passes: where
    /// the appliance would have real frames of time, the benchmark waits.
    func letWorkerCatchUp(on carousel: Carousel, limit: Duration = .seconds(2), until done: () -> Bool) {
        let clock = ContinuousClock()
        let deadline = clock.now + limit
        focus(on: carousel)
        while !done(), clock.now < deadline {
            _ = collect(visible: carousel.visibleViews())
            focus(on: carousel)
            usleep(100)
        }
    }

    /// True when every banner of `views` is pre-rendered.
    func holds(_ views: VisibleViews) -> Bool {
        views.allSatisfy { cachedBanners.contains($0.banner) }
    }
}
