import BannerContent
import CarouselEngine
import CarouselRendering
import FileAccess
import Foundation
import PrerenderThreads
import Raster

/// Start to first frame with 10 JPEG banners (1920x1080 photos): open the fonts (on the worker thread, as the
/// appliance's renderer does), load the content directory, start the pre-render worker, and compose the first
/// frame once the banners on screen are rendered — everything `bannerd run` does before its first page flip
/// except opening the display. Median of 5 cold starts in this process (the files are in the page cache).
enum StartUp {
    static func run(scratch: String) throws {
        print("## Start to first frame, 10 JPEG banners of 1920x1080 (goal: ≤ 150 ms)")
        let dir = scratch + "/startup"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
        let photos = try PhotoFixture.writePhotos(count: 10, width: 1920, height: 1080, into: dir)
        let manifest = PhotoFixture.manifest(count: 10, photos: photos)
        try LocalFiles().writeAtomically(Array(manifest.utf8), to: dir + "/banners.toml")
        for (width, height) in displaySizes {
            var placeholders = 0
            let median = try medianNanoseconds(runs: 5) {
                placeholders += try firstFrame(directory: dir, width: width, height: height)
            }
            print(
                "startup \(width)x\(height): first frame \(duration(nanoseconds: median)) after start (median of 5); "
                    + "\(placeholders) placeholder draw(s)")
        }
    }

    /// One cold start; returns the placeholders drawn in its first frame (0: the real banners were shown).
    private static func firstFrame(directory: String, width: Int, height: Int) throws -> Int {
        let worker = try PrerenderWorker(makeRenderer: threadRenderer, wake: {})
        defer { worker.stop() }
        let loaded = ContentLoader().load(directory: directory)
        let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: 1)
        let presenter = CarouselPresenter(
            banners: loaded.banners, layout: layout, rotation: .none, background: benchBackground,
            rendering: .worker(worker))
        let carousel = Carousel(layout: layout, count: loaded.banners.count)
        let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
        let views = carousel.visibleViews()
        presenter.letWorkerCatchUp(on: carousel, limit: .seconds(10)) { presenter.holds(views) }
        presenter.draw(views, into: target.buffer)
        return presenter.placeholdersDrawn
    }
}
