import BannerContent
import Glibc
import GlyphText
import MallocInterposerSwift
import Raster

/// Heap allocations per steady-state frame, counted for real: malloc, calloc, realloc, posix_memalign and free are
/// interposed in-process by ordo-one/malloc-interposer (its library is linked ahead of libc, so every call through
/// the PLT lands in its counters), and counting is switched on only around the measured frames.
enum AllocationCount {
    static let method =
        "method: malloc/calloc/realloc/posix_memalign/free interposed in-process (ordo-one/malloc-interposer linked "
        + "ahead of libc), counted between hook() and unhook()"

    /// Allocations counted while `body` runs.
    static func counting(_ body: () -> Void) -> MallocInterposerSwift.Statistics {
        MallocInterposerSwift.initialize()
        MallocInterposerSwift.hook()
        body()
        MallocInterposerSwift.unhook()
        return MallocInterposerSwift.getStatistics()
    }

    static func run(fonts: FontSet) throws {
        print("## Heap allocations per steady-state frame (goal: 0)")
        print(method)
        // The counter must see allocations it knows about, or a zero below would mean nothing.
        var sink = 0
        let calibration = counting {
            for i in 0..<10 {
                let array = [Int](repeating: i, count: 100 + i)
                sink &+= array.count
            }
        }
        print("calibration: 10 known array allocations counted as \(calibration.mallocCount) malloc(s) (sink \(sink))")
        let frames = 1000
        for (width, height) in displaySizes {
            // Five banners: the presenter keeps two either side of the centre, so a swing to either neighbour
            // stays among banners already pre-rendered (with six or more it renders one, inline in the bench).
            let five = BannerList(DemoContent.banners.prefix(5))
            var scene = try BenchScene(width: width, height: height, banners: five, fonts: fonts)
            let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
            let page = Double(scene.layout.pageStepPixels)
            // A drag swinging ±0.9 page every 2 s: through a rebase each way, over banners already pre-rendered.
            func offset(_ i: Int) -> Double { 0.9 * page * sin(Double(i) * 2 * Double.pi / 120) }
            scene.beginDrag()
            for i in 0..<240 { scene.frame(dragOffset: offset(i), into: target.buffer) }
            let rebasesBefore = scene.carousel.rebaseCount
            let whole = counting {
                for i in 240..<(240 + frames) { scene.frame(dragOffset: offset(i), into: target.buffer) }
            }
            let rebases = scene.carousel.rebaseCount - rebasesBefore
            let views = scene.carousel.visibleViews()
            let draw = counting {
                for _ in 0..<frames { scene.presenter.draw(views, into: target.buffer) }
            }
            print(
                "allocations \(width)x\(height): \(fixed(Double(whole.mallocCount) / Double(frames), 3)) per frame "
                    + "(\(whole.mallocCount) mallocs, \(whole.freeCount) frees, \(whole.mallocBytesCount) bytes over "
                    + "\(frames) frames of input+engine+focus+compose, \(rebases) rebases); compose alone: "
                    + "\(fixed(Double(draw.mallocCount) / Double(frames), 3)) per frame (\(draw.mallocCount) mallocs)")
        }
    }
}
