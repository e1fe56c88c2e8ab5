import BannerContent
import CarouselEngine
import GlyphText
import ImageDecoding
import Raster

/// Median time to compose one frame (three banners on screen, mid-scroll) against one full-frame memcpy of the
/// same buffer, measured back to back in the same run, with two more baselines that say where the time goes.
enum CompositionCost {
    /// Composes the same 1920x1080 mid-scroll frame `frames` times and nothing else (a target for `perf record`).
    static func profile(fonts: FontSet, frames: Int) throws {
        var scene = try BenchScene(width: 1920, height: 1080, banners: DemoContent.banners, fonts: fonts)
        let target = PixelBufferStorage(width: 1920, height: 1080, format: .xrgb8888)
        scene.beginDrag()
        scene.frame(dragOffset: 4, into: target.buffer)
        let views = scene.carousel.visibleViews()
        for _ in 0..<frames { scene.presenter.draw(views, into: target.buffer) }
    }

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
                let buffer = target.buffer
                let bytes = buffer.stride * height
                let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
                source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
                let copy = medianNanoseconds(runs: 301) { buffer.base.copyMemory(from: source, byteCount: bytes) }
                // The same bytes one row at a time, as the composer copies sprite rows: glibc uses non-temporal
                // stores only for copies larger than a big share of the cache, so a whole frame in one call costs
                // less per byte than the same frame row by row.
                let rows = medianNanoseconds(runs: 301) {
                    for y in 0..<height {
                        let offset = y * buffer.stride
                        (buffer.base + offset).copyMemory(from: source + offset, byteCount: buffer.stride)
                    }
                }
                source.deallocate()
                // The frame's bytes written as background only (no sprite read at all).
                let fill = medianNanoseconds(runs: 301) { buffer.fill(scene.presenter.background) }
                let formatName = format == .rgb565 ? "rgb565" : "xrgb8888"
                let name = formatName + String(repeating: " ", count: 8 - formatName.count)
                // The presenter prepares sprites in XRGB8888 whatever the display's format; a composer made for
                // the target's format stores them converted, which is what this line measures.
                let prepared = preparedForTarget(scene, views: views, fonts: fonts, format: format)
                let native = medianNanoseconds(runs: 301) {
                    prepared.composer.compose(
                        background: scene.presenter.background, placements: prepared.placements, into: target.buffer)
                }
                print(
                    "compose \(width)x\(height) \(name) banners_visible=\(visible): "
                        + "compose \(duration(nanoseconds: compose)), memcpy \(duration(nanoseconds: copy)) "
                        + "(\(bytes / 1024) KiB), ratio \(fixed(compose / copy, 3))x; "
                        + "baselines: memcpy row by row \(duration(nanoseconds: rows)) (\(fixed(rows / copy, 3))x), "
                        + "background fill alone \(duration(nanoseconds: fill)) (\(fixed(fill / copy, 3))x); "
                        + "sprites prepared in \(formatName) \(duration(nanoseconds: native)) "
                        + "(\(fixed(native / copy, 3))x)")
            }
        }
    }

    /// The frame's placements with sprites prepared by a composer for `format`, from the same banners.
    static func preparedForTarget(_ scene: BenchScene, views: VisibleViews, fonts: FontSet, format: PixelFormat)
        -> (composer: FrameComposer, placements: [Placement])
    {
        let composer = FrameComposer(rotation: .none, format: format)
        let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
        let layout = scene.layout
        let placements = views.map { view in
            let rendered = renderer.render(
                scene.presenter.banners[view.banner], width: layout.bannerWidthPixels,
                height: layout.bannerHeightPixels, scale: layout.scale, cornerRadius: layout.cornerRadiusPixels)
            return Placement(composer.prepare(rendered.bitmap), x: view.x, y: view.y)
        }
        return (composer, placements)
    }
}
