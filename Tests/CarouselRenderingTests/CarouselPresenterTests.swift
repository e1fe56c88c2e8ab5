import BannerContent
import CarouselEngine
import CarouselRendering
import Glibc
import GlyphText
import ImageDecoding
import Raster
import Synchronization
import Testing

@Suite struct SpriteCacheTests {
    private func sprite(_ width: Int) -> Sprite {
        Sprite(Bitmap(width: width, height: 2, color: .clear), rotation: .none)
    }

    @Test func holdsAtMostItsCapacityAndEvictsTheLeastRecentlyUsed() {
        var cache = SpriteCache(capacity: 3)
        for banner in 0..<3 { cache.insert(sprite(banner + 1), for: banner) }
        _ = cache.sprite(for: 0)  // 1 is now the least recently used
        cache.insert(sprite(9), for: 7)
        #expect(cache.banners == [0, 2, 7])
        #expect(cache.sprite(for: 1) == nil)
        #expect(cache.sprite(for: 7)?.logicalWidth == 9)
        cache.insert(sprite(5), for: 7)
        #expect(cache.banners == [0, 2, 7] && cache.sprite(for: 7)?.logicalWidth == 5)
        cache.removeAll()
        #expect(cache.banners.isEmpty)
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

    @Test func memoryStaysBoundedWhileBrowsingManyBanners() throws {
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

    @Test func theWorkerRendersOffTheLoopAndWakesIt() throws {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let wakes = Atomic<Int>(0)
        let worker = try PrerenderWorker(
            makeRenderer: { _ in try CarouselPresenterTests.renderer() },
            wake: { wakes.add(1, ordering: .relaxed) })
        defer { worker.stop() }
        let presenter = CarouselPresenter(
            banners: Self.banners(9), layout: layout, rotation: .none, background: .black, rendering: .worker(worker))
        let carousel = Carousel(layout: layout, count: 9)
        let target = PixelBufferStorage(width: 320, height: 200, format: .xrgb8888)
        presenter.draw(carousel.visibleViews(), into: target.buffer)
        #expect(presenter.placeholdersDrawn == 3)  // nothing rendered yet: placeholders, never a wait
        #expect(presenter.placeholdersOnScreen == 3)
        presenter.focus(on: carousel)
        var redraw = false
        for _ in 0..<2000 where presenter.cachedBanners.count < 5 {
            if presenter.collect(visible: carousel.visibleViews()) { redraw = true }
            usleepWhileWorking()
        }
        #expect(redraw)
        #expect(presenter.cachedBanners == [0, 1, 2, 7, 8])
        #expect(wakes.load(ordering: .relaxed) >= 5)
        presenter.draw(carousel.visibleViews(), into: target.buffer)
        #expect(presenter.placeholdersDrawn == 3 && presenter.placeholdersOnScreen == 0)
    }

    @Test func threadsShareTheQueueAndNeverRenderABannerTwice() throws {
        let renders = Mutex<[String]>([])
        let worker = try PrerenderWorker(
            threads: 3,
            makeRenderer: { _ in
                let renderer = try CarouselPresenterTests.renderer()
                return BannerRenderer(
                    titleFont: renderer.titleFont, bodyFont: renderer.bodyFont,
                    images: CountingImages { path in renders.withLock { $0.append(path) } })
            }, wake: {})
        defer { worker.stop() }
        let banners = BannerList(
            (0..<12).lazy.map { Banner(id: "p\($0)", artwork: .file(path: "/nonexistent/\($0).png")) })
        let target = PrerenderWorker.Target(
            width: 40, height: 30, scale: 1, cornerRadius: 4, rotation: .none, background: .black)
        worker.reset(banners: banners, target: target)
        worker.request(Array(0..<12))
        var done: [Int] = []
        for _ in 0..<2000 where done.count < 12 {
            done += worker.collect().map(\.banner)
            usleepWhileWorking()
        }
        #expect(done.sorted() == Array(0..<12) && worker.isIdle)
        // Three threads took from one queue: every banner rendered, none twice.
        #expect(renders.withLock { $0.sorted() } == (0..<12).map { "/nonexistent/\($0).png" }.sorted())
    }

    private func usleepWhileWorking() {
        var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        nanosleep(&pause, nil)
    }
}

/// Counts image loads (every banner's artwork is a missing file, so each load throws after being counted).
final class CountingImages: ImageLoading, @unchecked Sendable {
    struct Missing: Error {}
    let record: @Sendable (String) -> Void
    init(_ record: @escaping @Sendable (String) -> Void) { self.record = record }
    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> Bitmap {
        record(path)
        throw Missing()
    }
}
