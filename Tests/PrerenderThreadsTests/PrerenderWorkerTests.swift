import BannerContent
import CarouselEngine
import CarouselRendering
import Foundation
import Glibc
import GlyphText
import ImageDecoding
import PrerenderThreads
import Raster
import Synchronization
import Testing

/// The worker's threads (`scripts/test` runs this suite under ThreadSanitizer too): one queue shared by several
/// threads, and a presenter that never waits for them.
@Suite struct PrerenderWorkerTests {
    static func renderer() throws -> BannerRenderer {
        let fonts = try FontSet()
        return BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
    }

    @Test func theWorkerRendersOffTheLoopAndWakesIt() throws {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let wakes = Atomic<Int>(0)
        let worker = try PrerenderWorker(
            makeRenderer: { _ in try PrerenderWorkerTests.renderer() },
            wake: { wakes.add(1, ordering: .relaxed) })
        defer { worker.stop() }
        let banners = BannerList((0..<9).lazy.map { Banner(id: "b\($0)", title: "Banner \($0)") })
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: .none, background: .black, rendering: .worker(worker))
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
        let images = CountingImages()
        let worker = try PrerenderWorker(
            threads: 3,
            makeRenderer: { _ in
                let renderer = try PrerenderWorkerTests.renderer()
                return BannerRenderer(
                    titleFont: renderer.titleFont, bodyFont: renderer.bodyFont,
                    images: images)
            }, wake: {})
        defer { worker.stop() }
        let banners = BannerList(
            (0..<12).lazy.map { Banner(id: "p\($0)", artwork: .file(path: "/nonexistent/\($0).png")) })
        let target = PrerenderTarget(
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
        #expect(images.loaded.sorted() == (0..<12).map { "/nonexistent/\($0).png" }.sorted())
    }

    /// Text the configured fonts lack, on every thread at once: each thread's chains ask fontconfig, whose
    /// process-wide configuration is loaded on first use and then shared by the threads (under ThreadSanitizer
    /// in scripts/test, with their FreeType faces and HarfBuzz fonts each thread's own).
    @Test func threadsFallBackOnTheInstalledFontsTogether() throws {
        let worker = try PrerenderWorker(
            threads: 3, makeRenderer: { _ in try PrerenderWorkerTests.renderer() }, wake: {})
        defer { worker.stop() }
        let titles = ["नमस्ते दुनिया", "สวัสดีครับ", "স্বাগতম", "مرحبا بكم", "ብርሃን", "ಕನ್ನಡ"]
        let banners = BannerList(
            (0..<12).lazy.map { Banner(id: "w\($0)", title: titles[$0 % titles.count], subtitle: "☕ 👍🏽") })
        let target = PrerenderTarget(
            width: 320, height: 120, scale: 1, cornerRadius: 4, rotation: .none, background: .black)
        worker.reset(banners: banners, target: target)
        worker.request(Array(0..<12))
        var done: [PrerenderedBanner] = []
        for _ in 0..<5000 where done.count < 12 {
            done += worker.collect()
            usleepWhileWorking()
        }
        #expect(done.map(\.banner).sorted() == Array(0..<12))
        // Every script found a font: no banner reports characters shown as boxes.
        #expect(done.flatMap(\.problems).filter { $0.contains("no installed font") } == [])
    }

    private func usleepWhileWorking() {
        var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
        nanosleep(&pause, nil)
    }
}

/// Counts image loads from every thread (every banner's artwork is a missing file, so each load throws after
/// being counted). An NSLock, not Synchronization's Mutex: Mutex waits on a bare futex, which ThreadSanitizer
/// cannot see, so it reported the appends of contending threads as a race.
final class CountingImages: ImageLoading, @unchecked Sendable {
    struct Missing: Error {}
    private let lock = NSLock()
    private var paths: [String] = []
    var loaded: [String] { lock.withLock { paths } }
    func loadImage(path: String, fitting: (width: Int, height: Int)) throws -> DecodedImage {
        lock.withLock { paths.append(path) }
        throw Missing()
    }
    func loadAnimation(path: String) throws -> (any AnimationFrames)? {
        throw Missing()
    }
}
