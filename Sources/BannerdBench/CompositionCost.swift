import BannerContent
import GlyphText
import Raster

/// Median time to compose one frame (three banners on screen, mid-scroll) against one full-frame memcpy of the
/// same buffer, measured back to back in the same run.
enum CompositionCost {
    static func run(fonts: FontSet) throws {
        print("## Frame composition vs one full-frame memcpy (goal: ratio <= 1.25)")
        for (width, height) in displaySizes {
            for format in [PixelFormat.xrgb8888, .rgb565] {
                var scene = try BenchScene(width: width, height: height, banners: DemoContent.banners, fonts: fonts)
                let target = PixelBufferStorage(width: width, height: height, format: format)
                scene.beginDrag()
                // 4 px of scroll: the left ear shows 4 px, the centre banner and 12 px of the right ear.
                scene.frame(dragOffset: 4, into: target.buffer)
                let views = scene.carousel.visibleViews()
                let visible = Array(views).count
                let compose = medianNanoseconds(runs: 301) { scene.presenter.draw(views, into: target.buffer) }
                // Attribution: the same frame's bytes written as background only (no sprite read at all).
                let fill = medianNanoseconds(runs: 301) { target.buffer.fill(scene.presenter.background) }
                let bytes = target.buffer.stride * height
                let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
                source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
                let copy = medianNanoseconds(runs: 301) {
                    target.buffer.base.copyMemory(from: source, byteCount: bytes)
                }
                source.deallocate()
                print(
                    "compose \(width)x\(height) \(format == .rgb565 ? "rgb565  " : "xrgb8888") "
                        + "banners_visible=\(visible): compose \(duration(nanoseconds: compose)), "
                        + "memcpy \(duration(nanoseconds: copy)) (\(bytes / 1024) KiB), "
                        + "ratio \(fixed(compose / copy, 3))x; background fill alone \(duration(nanoseconds: fill)) "
                        + "(\(fixed(fill / copy, 3))x)")
            }
        }
    }
}
