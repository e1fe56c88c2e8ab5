import BannerContent
import FileAccess
import Foundation
import GlyphText
import PrerenderThreads
import Raster

/// Resident memory of two 1920x1080 outputs against one (issue 44), each output as `bannerd run` keeps one: a
/// presenter with pre-render threads of its own (`OutputThreads`), and three buffers of the screen's size standing
/// for its scanout buffers (bannerd writes black into each dumb buffer it maps, so each counts in its RSS). Each
/// case runs in a fresh child process (`--outputs-probe`), after browsing with every banner rendered.
enum OutputsMemory {
    static let pages = 12
    static let size = (width: 1920, height: 1080)

    /// The child: `outputs` outputs of the banners in `directory`, browsed; prints one `rss_kib=` line.
    static func probe(directory: String, outputs: Int) throws {
        let banners = ContentLoader().load(directory: directory).banners
        let fonts = try FontSet()
        var held: [(scene: BenchScene, worker: PrerenderWorker, buffers: [PixelBufferStorage])] = []
        for _ in 0..<outputs {
            let worker = try PrerenderWorker(makeRenderer: threadRenderer, wake: {})
            let scene = try BenchScene(
                width: size.width, height: size.height, banners: banners, fonts: fonts, rendering: .worker(worker))
            let buffers = (0..<3).map { _ in
                PixelBufferStorage(width: size.width, height: size.height, format: .xrgb8888)
            }
            for storage in buffers { storage.buffer.fill(.black) }
            held.append((scene, worker, buffers))
        }
        for index in held.indices {
            held[index].scene.browseRendered(pages: pages, by: held[index].worker, into: held[index].buffers[0].buffer)
        }
        HeapPolicy.releaseFreedMemory()  // as bannerd does once settled
        let cached = held.map { String($0.scene.presenter.cachedBanners.count) }.joined(separator: ",")
        print("rss_kib=\(residentKiB()) outputs=\(outputs) cached=\(cached)")
        for output in held { output.worker.stop() }
    }

    static func run(scratch: String) throws {
        print("## Resident memory (VmRSS) of two 1920x1080 outputs against one, each browsed \(pages) pages")
        let photos = try PhotoFixture.writePhotos(count: 4, width: 1920, height: 1080, into: scratch)
        let directory = scratch + "/content-outputs"
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        let text = PhotoFixture.manifest(count: 10, photos: photos.map { "../" + $0 })
        try LocalFiles().writeAtomically(Array(text.utf8), to: directory + "/banners.toml")
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        var rss: [Int: Int] = [:]
        for outputs in [1, 2] {
            let line = try MemoryFootprint.child(executable, ["--outputs-probe", directory, "\(outputs)"])
            print("outputs \(outputs): \(line)")
            rss[outputs] = MemoryFootprint.fields(line)["rss_kib"]
        }
        guard let one = rss[1], let two = rss[2], one > 0 else { return }
        print(
            "outputs: two 1920x1080 outputs use \(fixed(Double(two) / Double(one), 3))x the RSS of one "
                + "(\(two - one) KiB more)")
    }
}

extension BenchScene {
    /// `browse`, waiting after each page until `worker` has rendered every banner it was asked for, and drawing
    /// them: the memory of a carousel whose banners are all on screen as themselves.
    mutating func browseRendered(pages: Int, by worker: PrerenderWorker, into target: PixelBuffer) {
        for _ in 0..<pages {
            browse(pages: 1, into: target)
            while !worker.isIdle { usleep(1000) }
            _ = presenter.collect(visible: carousel.visibleViews())
            presenter.draw(carousel.visibleViews(), into: target)
        }
    }
}
