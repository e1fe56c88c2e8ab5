import BannerContent
import CarouselEngine
import CarouselRendering
import GlyphText
import ImageDecoding
import Raster

/// A banner playing an animated GIF (`AnimatedGIFFixture`: 480x270 photo-like frames, 10 fps), at rest in the
/// centre, as the loop plays it: each frame of the animation is the animation advanced and its banner's rectangle
/// composed (`CarouselPresenter.advanceAnimations`, `drawChanges`), measured against one memcpy of the banner's rows
/// (from as many sources in turn as the animation has frames, so each is as cold as a frame's sprite), one of the
/// whole frame, and the whole frame composed instead; with the heap allocations it makes; what the banner keeps (its
/// frames as sprites) and costs the pre-render thread against a still banner; and what one frame costs drawn as it
/// plays (`StreamDrawer`, for an animation longer than a banner keeps), against the frame's own 100 ms.
enum AnimationCost {
    static func run(fonts: FontSet, scratch: String) throws {
        print(
            "## A playing animated banner at rest: each frame of the animation on the loop against one memcpy of the "
                + "banner (goal: near 1; 0 allocations), and what its frames keep")
        print(AllocationCount.method)
        for (width, height) in displaySizes {
            let probe = try CarouselLayout(widthPixels: width, heightPixels: height, scale: 1)
            let (bannerWidth, bannerHeight) = (probe.bannerWidthPixels, probe.bannerHeightPixels)
            // As many frames as a banner keeps at this size, up to 12.
            let count = min(12, AnimationBudget.frames(width: bannerWidth, height: bannerHeight))
            let gif = scratch + "/animated-\(width)x\(height).gif"
            try AnimatedGIFFixture.write(to: gif, width: 480, height: 270, frames: count, delay: 10)
            let animated = Banner(id: "animated", title: "Animated", artwork: .file(path: gif))
            let banners = BannerList([animated] + Array(DemoContent.banners.prefix(2)))
            let scene = try BenchScene(width: width, height: height, banners: banners, fonts: fonts)
            let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
            let buffer = target.buffer

            // The pre-render thread's work: the animated banner's frames, then a still banner, each once.
            let renderer = BannerRenderer(titleFont: fonts.title, bodyFont: fonts.body, images: ImageDecoder())
            let prerender = PrerenderTarget(
                width: bannerWidth, height: bannerHeight, scale: 1, cornerRadius: probe.cornerRadiusPixels,
                rotation: .none, background: benchBackground)
            let clock = ContinuousClock()
            var kept = 0
            let animatedTook = clock.measure {
                kept = BannerPicture.render(animated, with: renderer, for: prerender).picture.sprites.count
            }
            let stillTook = clock.measure { _ = BannerPicture.render(banners[1], with: renderer, for: prerender) }
            // Drawn as it plays instead (an animation longer than a banner keeps): one frame after another, the file read
            // from its start again at each loop, as a pre-render thread draws them.
            guard let stream = StreamDrawer(banner: 0, animated, renderer: renderer, for: prerender) else {
                print("animation \(width)x\(height): \(gif) did not open to play")
                continue
            }
            var streamed = 0
            let streamedFrame = medianNanoseconds(runs: 3 * count) {
                streamed = streamed % (count - 1) + 1
                _ = stream.frame(streamed, renderer: renderer, target: prerender)
            }

            scene.presenter.focus(on: scene.carousel)
            var now = Duration.zero
            _ = scene.presenter.advanceAnimations(scene.carousel, at: now)
            let views = scene.carousel.visibleViews()
            func nextFrame() {
                now += .milliseconds(100)
                _ = scene.presenter.advanceAnimations(scene.carousel, at: now)
                scene.presenter.drawChanges(views, into: buffer)
            }
            func nextFrameWhole() {
                now += .milliseconds(100)
                _ = scene.presenter.advanceAnimations(scene.carousel, at: now)
                scene.presenter.draw(views, into: buffer)
            }
            for _ in 0..<count { nextFrame() }  // every sprite read once
            let bytes = buffer.stride * height
            let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
            defer { source.deallocate() }
            source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
            // The banner's rows from a different source each time, one per frame of the animation: each frame's
            // sprite is as far from the cache as these are.
            let bannerRow = bannerWidth * 4
            let bannerAt = probe.topInsetPixels * buffer.stride + probe.insetPixels * 4
            let sources = (0..<count).map { n in
                let rows = UnsafeMutableRawPointer.allocate(byteCount: bannerRow * bannerHeight, alignment: 64)
                rows.initializeMemory(as: UInt8.self, repeating: UInt8(n), count: bannerRow * bannerHeight)
                return rows
            }
            defer { for rows in sources { rows.deallocate() } }
            var next = 0
            let timings = InterleavedTimings(
                rounds: 301, warm: true,
                [
                    nextFrame,
                    {
                        next = (next + 1) % count
                        for y in 0..<bannerHeight {
                            (buffer.base + bannerAt + y * buffer.stride).copyMemory(
                                from: sources[next] + y * bannerRow, byteCount: bannerRow)
                        }
                    },
                    { buffer.base.copyMemory(from: source, byteCount: bytes) },
                    nextFrameWhole,
                ])
            let allocations = AllocationCount.counting { for _ in 0..<(10 * count) { nextFrame() } }
            let frameBytes = bannerWidth * bannerHeight * 4
            print(
                "animation \(width)x\(height): a frame of it \(duration(nanoseconds: timings.median(0))), "
                    + "\(fixed(timings.ratio(0, to: 1).median, 3))x one memcpy of the banner's rows from one of "
                    + "\(count) sources in turn "
                    + "(\(duration(nanoseconds: timings.median(1))), \(bannerWidth)x\(bannerHeight)), "
                    + "\(fixed(timings.ratio(0, to: 2).median, 3))x one of the whole frame; the whole frame composed "
                    + "instead \(fixed(timings.ratio(3, to: 1).median, 3))x; "
                    + "\(fixed(Double(allocations.mallocCount) / Double(10 * count), 3)) allocations per frame; "
                    + "keeps \(kept) of \(count) frames, \(kept * frameBytes >> 20) MiB "
                    + "(a banner keeps \(AnimationBudget.bytesPerBanner >> 20) MiB); "
                    + "rendered in \(duration(nanoseconds: nanoseconds(animatedTook))), "
                    + "a still banner in \(duration(nanoseconds: nanoseconds(stillTook))); drawn as it plays, a frame "
                    + "takes \(duration(nanoseconds: streamedFrame)) on one thread (decode, scale, text, sprite): "
                    + "\(fixed(100_000_000 / streamedFrame, 1))x real time at 10 fps")
        }
    }
}
