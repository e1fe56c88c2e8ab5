import BannerContent
import CarouselEngine
import GlyphText
import Raster

/// Median time to compose one frame (three banners on screen, mid-scroll) against one full-frame memcpy of the
/// same buffer, measured back to back in the same run, with three more baselines that say where the time goes.
/// The presenter stores its sprites in the target's format, as `bannerd run` does with the display's format.
enum CompositionCost {
    /// Composes the same mid-scroll frame `frames` times and nothing else (a target for `perf record`).
    static func profile(fonts: FontSet, width: Int, height: Int, format: PixelFormat, frames: Int) throws {
        let target = PixelBufferStorage(width: width, height: height, format: format)
        let scene = try midScroll(width: width, height: height, format: format, fonts: fonts, target: target.buffer)
        let views = scene.carousel.visibleViews()
        for _ in 0..<frames { scene.presenter.draw(views, into: target.buffer) }
    }

    static func run(fonts: FontSet) throws {
        print("## Frame composition vs one full-frame memcpy (goal: ratio <= 1.0)")
        for (width, height) in displaySizes {
            for format in [PixelFormat.xrgb8888, .rgb565] {
                let target = PixelBufferStorage(width: width, height: height, format: format)
                let buffer = target.buffer
                let scene = try midScroll(width: width, height: height, format: format, fonts: fonts, target: buffer)
                let views = scene.carousel.visibleViews()
                let visible = Array(views).count
                let bytes = buffer.stride * height
                let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
                defer { source.deallocate() }
                source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
                // The centre banner's rows alone, at its place mid-scroll, from rows laid out as a sprite's are.
                let layout = scene.layout
                let bannerRow = layout.bannerWidthPixels * format.bytesPerPixel
                let bannerStride = (bannerRow + 63) & ~63
                let bannerX = layout.insetPixels - midScrollDrag
                let bannerAt = layout.topInsetPixels * buffer.stride + bannerX * format.bytesPerPixel
                let bannerRows = UnsafeMutableRawPointer.allocate(
                    byteCount: bannerStride * layout.bannerHeightPixels, alignment: 64)
                defer { bannerRows.deallocate() }
                bannerRows.initializeMemory(
                    as: UInt8.self, repeating: 0xA5, count: bannerStride * layout.bannerHeightPixels)
                // Warm: a frame loop composes from the same sprites every frame, and memcpy gets its source cached.
                let timings = InterleavedTimings(
                    rounds: 301, warm: true,
                    [
                        { scene.presenter.draw(views, into: buffer) },
                        { buffer.base.copyMemory(from: source, byteCount: bytes) },
                        // The same bytes one row at a time, as the composer copies sprite rows: glibc picks its
                        // copy loop by size, so a whole frame in one call can cost less per byte than row by row.
                        {
                            for y in 0..<height {
                                let offset = y * buffer.stride
                                (buffer.base + offset).copyMemory(from: source + offset, byteCount: buffer.stride)
                            }
                        },
                        // The frame's bytes written as background only (no sprite read at all).
                        { buffer.fill(scene.presenter.background) },
                        // The centre banner's rows only, one memcpy each: what any composition that copies its
                        // banners a row at a time cannot do without, whatever else it writes.
                        {
                            for y in 0..<layout.bannerHeightPixels {
                                (buffer.base + bannerAt + y * buffer.stride).copyMemory(
                                    from: bannerRows + y * bannerStride, byteCount: bannerRow)
                            }
                        },
                    ])
                let (compose, copy, rows, fill, banner) = (0, 1, 2, 3, 4)
                let ratio = timings.ratio(compose, to: copy)
                let name = format.name + String(repeating: " ", count: 8 - format.name.count)
                print(
                    "compose \(width)x\(height) \(name) banners_visible=\(visible): "
                        + "compose \(duration(nanoseconds: timings.median(compose))), "
                        + "memcpy \(duration(nanoseconds: timings.median(copy))) (\(bytes / 1024) KiB), "
                        + "ratio \(fixed(ratio.median, 3))x (middle half of rounds "
                        + "\(fixed(ratio.quartiles.lowerBound, 3))-\(fixed(ratio.quartiles.upperBound, 3))x); "
                        + "baselines: memcpy row by row \(fixed(timings.ratio(rows, to: copy).median, 3))x, "
                        + "background fill alone \(fixed(timings.ratio(fill, to: copy).median, 3))x, "
                        + "centre banner's rows alone \(fixed(timings.ratio(banner, to: copy).median, 3))x")
            }
        }
    }

    /// Pixels the mid-scroll scene is dragged forwards (leftwards).
    private static let midScrollDrag = 4

    /// A scene dragged `midScrollDrag` px forwards: the centre banner 4 px left of its rest, so 4 px of the left
    /// ear and 12 px of the right one show.
    private static func midScroll(
        width: Int, height: Int, format: PixelFormat, fonts: FontSet, target: PixelBuffer
    ) throws -> BenchScene {
        var scene = try BenchScene(
            width: width, height: height, format: format, banners: DemoContent.banners, fonts: fonts)
        scene.beginDrag()
        scene.frame(dragOffset: Double(midScrollDrag), into: target)
        return scene
    }
}
