import CarouselEngine
import Testing

@Suite struct CarouselLayoutTests {
    @Test(arguments: [1.0, 1.5, 2.0, 3.0])
    func insetsGapsAndEarsArePixelExactAtEveryScale(scale: Double) throws {
        for width in [480, 800, 1024, 1080, 1920] {
            let layout = try CarouselLayout(widthPixels: width, heightPixels: 600, scale: scale)
            let inset = Int((16 * scale).rounded())
            let gap = Int((8 * scale).rounded())
            #expect(layout.insetPixels == inset)
            #expect(layout.gapPixels == gap)
            #expect(layout.bannerWidthPixels == width - 2 * inset)
            #expect(layout.cornerRadiusPixels == Int((8 * scale).rounded()))
            for page in [-1_000_003, -7, -1, 0, 1, 2, 49, 1_000_003] {
                // At rest on `page`, the banner sits at the inset and both ears show inset − gap pixels.
                let scroll = layout.scrollPixels(Double(page) * layout.pageStep)
                let centre = layout.bannerX(page: page, scrollPixels: scroll)
                let left = layout.bannerX(page: page - 1, scrollPixels: scroll)
                let right = layout.bannerX(page: page + 1, scrollPixels: scroll)
                #expect(centre == inset)
                #expect(centre + layout.bannerWidthPixels == width - inset)
                #expect(left + layout.bannerWidthPixels == inset - gap)
                #expect(right == width - inset + gap)
                #expect(layout.isVisible(bannerX: left) && layout.isVisible(bannerX: right))
            }
        }
    }

    @Test func verticalInsetsAreConfigurable() throws {
        var metrics = CarouselMetrics()
        metrics.topInset = 40
        metrics.bottomInset = 24
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 2, metrics: metrics)
        #expect(layout.topInsetPixels == 80)
        #expect(layout.bannerHeightPixels == 480 - 80 - 48)
    }

    @Test func pageStepInPointsMapsBackToWholePixels() throws {
        let layout = try CarouselLayout(widthPixels: 1366, heightPixels: 768, scale: 1.5)
        #expect(layout.pageStepPixels == layout.bannerWidthPixels + layout.gapPixels)
        for page in -500...500 {
            #expect(layout.scrollPixels(Double(page) * layout.pageStep) == page * layout.pageStepPixels)
        }
    }

    @Test func tooSmallViewportsAreErrorsNotCrashes() {
        #expect(throws: CarouselLayout.TooSmall.self) {
            try CarouselLayout(widthPixels: 32, heightPixels: 480, scale: 1)
        }
        #expect(throws: CarouselLayout.TooSmall.self) {
            try CarouselLayout(widthPixels: 800, heightPixels: 32, scale: 1)
        }
        #expect(throws: CarouselLayout.TooSmall.self) {
            try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 0)
        }
        #expect(throws: CarouselLayout.TooSmall.self) {
            try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: .nan)
        }
        do {
            _ = try CarouselLayout(widthPixels: 20, heightPixels: 10, scale: 2)
            Issue.record("a 20x10 viewport was accepted")
        } catch {
            #expect(error.description == "viewport 20x10 px at scale 2.0 leaves no room for a banner")
        }
    }
}
