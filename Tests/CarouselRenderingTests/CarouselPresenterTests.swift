import BannerContent
import CarouselEngine
import CarouselRendering
import GlyphText
import ImageDecoding
import Raster
import Testing
import ThreadSanitizerRun

@Suite struct SpriteCacheTests {
    private func sprite(_ width: Int) -> BannerPicture {
        BannerPicture(Sprite(Bitmap(width: width, height: 2, color: .clear), rotation: .none))
    }

    @Test func holdsAtMostItsCapacityAndEvictsTheLeastRecentlyUsed() {
        var cache = SpriteCache(capacity: 3)
        for banner in 0..<3 { cache.insert(sprite(banner + 1), for: banner) }
        _ = cache.picture(for: 0)  // 1 is now the least recently used
        cache.insert(sprite(9), for: 7)
        #expect(cache.banners == [0, 2, 7])
        #expect(cache.picture(for: 1) == nil)
        #expect(cache.picture(for: 7)?.sprites[0].logicalWidth == 9)
        cache.insert(sprite(5), for: 7)
        #expect(cache.banners == [0, 2, 7] && cache.picture(for: 7)?.sprites[0].logicalWidth == 5)
        cache.removeAll()
        #expect(cache.banners.isEmpty)
    }

    /// While the display pans, nothing is drawn from the cache, so the banners on screen may be the least
    /// recently used: a banner rendered for later must not push one of them out (the board showed a placeholder
    /// after a panned slide).
    @Test func theBannersKeptAreNeverEvicted() {
        var cache = SpriteCache(capacity: 3)
        for banner in 0..<3 { cache.insert(sprite(banner + 1), for: banner) }
        _ = cache.picture(for: 2)  // 0, then 1, are the least recently used
        cache.insert(sprite(9), for: 7, keeping: [0, 7])
        #expect(cache.banners == [0, 2, 7])
        // Nothing but kept banners left to evict: a banner not kept is not stored; a kept one still is.
        cache.insert(sprite(4), for: 8, keeping: [0, 2, 7])
        #expect(cache.banners == [0, 2, 7])
        cache.insert(sprite(4), for: 8, keeping: [0, 2, 7, 8])
        #expect(cache.banners.count == 3 && cache.banners.contains(8))
    }

    @Test func renumberingKeepsTheSpritesOfBannersThatStay() {
        // A schedule's edge: of banners 0, 1, 2, banner 1 leaves; 2 becomes 1, 0 stays 0.
        var cache = SpriteCache(capacity: 3)
        for banner in 0..<3 { cache.insert(sprite(banner + 1), for: banner) }
        cache.renumber { [0: 0, 2: 1][$0] }
        #expect(cache.banners == [0, 1])
        #expect(
            cache.picture(for: 1)?.sprites[0].logicalWidth == 3 && cache.picture(for: 0)?.sprites[0].logicalWidth == 1)
    }
}

@Suite struct CarouselPresenterTests {
    static func renderer() throws -> BannerRenderer {
        let fonts = try FontSet()
        return BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
    }

    static func banners(_ count: Int) -> BannerList {
        BannerList(
            (0..<count).lazy.map { i in
                Banner(
                    id: "b\(i)", title: "Banner \(i)", subtitle: "", artwork: .none,
                    background: Color(rgb: UInt32(0x203040 + i * 0x0A0A0A)), textColor: .white, duration: nil)
            })
    }

    @Test(.disabled(if: ThreadSanitizerRun.isActive, Comment(rawValue: ThreadSanitizerRun.oneThread)))
    func memoryStaysBoundedWhileBrowsingManyBanners() throws {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let presenter = CarouselPresenter(
            banners: Self.banners(40), layout: layout, rotation: .none, background: .black,
            rendering: .inline(try Self.renderer()))
        var carousel = Carousel(layout: layout, count: 40)
        let target = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
        for step in 0..<90 {
            carousel.handle(.key(.right, time: .milliseconds(500 * step)))
            for frame in 0..<30 {
                carousel.advance(to: .milliseconds(500 * step + 17 * frame))
                presenter.focus(on: carousel)
                presenter.draw(carousel.visibleViews(), into: target.buffer)
            }
            #expect(presenter.cachedBanners.count <= 5)
        }
        #expect(presenter.placeholdersDrawn == 0)
    }

    @Test func framesJustBeforeAndAfterARebaseAreIdentical() throws {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1.5)
        let presenter = CarouselPresenter(
            banners: Self.banners(7), layout: layout, rotation: .none, background: .black,
            rendering: .inline(try Self.renderer()))
        var carousel = Carousel(layout: layout, count: 7)
        let half = layout.pageStep / 2 * layout.scale  // pixels of finger travel to reach the rebase threshold
        carousel.handle(.touchDown(slot: 0, position: PixelPoint(x: 300, y: 100), millimetres: nil, time: .zero))
        carousel.handle(.touchMotion(slot: 0, position: PixelPoint(x: 250, y: 100), millimetres: nil, time: .zero))
        // The drag crossed the slop 24 px from the start: the content follows from there.
        let anchor = 300 - 16 * layout.scale
        func frame(finger: Double) -> Bitmap {
            carousel.handle(
                .touchMotion(slot: 0, position: PixelPoint(x: finger, y: 100), millimetres: nil, time: .zero))
            carousel.advance(to: .zero)
            let target = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
            presenter.draw(carousel.visibleViews(), into: target.buffer)
            return target.buffer.snapshot()
        }
        let before = frame(finger: anchor - half + 0.2)
        #expect(carousel.recycler?.centerPage == 0)
        let after = frame(finger: anchor - half - 0.2)
        #expect(carousel.recycler?.centerPage == 1)
        #expect(before == after)
    }
}
