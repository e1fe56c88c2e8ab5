import BackgroundJobs
import BannerContent
import CarouselEngine
import CarouselRendering
import DisplaySelection
import FrameLoopTesting
import Glibc
import GlyphText
import PrerenderThreads
import Raster

/// The two ways a moving carousel reaches the screen, side by side in the same flick storm: every frame composed
/// into the display's back buffer, or the display panned over strips composed by a thread of their own (as
/// `bannerd run` does where the driver pans). The display is `FakeDisplay` (flips complete 0.4 ms after they are
/// queued): what is measured is the CPU time of bannerd's own frame path, the show step of each frame, on the
/// loop's thread (so neither the other threads nor a preemption count); the kernel's page flip costs the same
/// either way. The baseline, one memcpy of the frame, is timed the same way in every frame of the same storm,
/// after the show step: between frames the other threads run and the caches go cold, for both alike. The bytes
/// each frame writes are counted by the display in its memory after the frame (`ScanoutWrites`), untimed: a look
/// reads the buffers and the strip on screen, some 55 MB at 1920x1080.
enum ScanoutPaths {
    static let seconds = 5

    static func run(fonts: FontSet) throws {
        print(
            "## Scanout paths: flick storm of 10 flicks/s for \(seconds) s at 60 Hz, composed vs panned "
                + "(goal: panning writes 0 bytes per frame, frame path ≤ 5 % of one memcpy, 0 placeholder frames)")
        for (width, height) in displaySizes {
            for pan in [false, true] { try storm(width: width, height: height, pan: pan, fonts: fonts) }
        }
    }

    private static func storm(width: Int, height: Int, pan: Bool, fonts: FontSet) throws {
        let worker = try PrerenderWorker(makeRenderer: threadRenderer, wake: {})
        defer { worker.stop() }
        let strips = try BackgroundQueue<StripJob>(name: "bench-strips", niceness: 5, wake: {})
        defer {
            strips.finish()
            strips.stop()
        }
        var scene = try BenchScene(
            width: width, height: height, banners: FlickStorm.banners, fonts: fonts, rendering: .worker(worker))
        let presenter = scene.presenter
        presenter.letWorkerCatchUp(on: scene.carousel, limit: .seconds(10)) { presenter.cachedBanners.count >= 5 }
        let manual = ManualClock()
        let display = FakeDisplay(
            clock: manual, flips: .immediate(), size: PixelSize(width: width, height: height))
        display.panMethod = pan ? .framebufferOffset : nil
        var writes = ScanoutWrites(display: display)
        let panner = StripPanner(
            device: display, layout: scene.layout, rotation: .none, background: benchBackground)
        let frameBytes = width * PixelFormat.xrgb8888.bytesPerPixel * height
        let copySource = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
        let copyTarget = UnsafeMutableRawPointer.allocate(byteCount: frameBytes, alignment: 64)
        defer {
            copySource.deallocate()
            copyTarget.deallocate()
        }
        copySource.initializeMemory(as: UInt8.self, repeating: 0x5A, count: frameBytes)
        copyTarget.initializeMemory(as: UInt8.self, repeating: 0, count: frameBytes)
        var copyNanoseconds = 0.0
        let events = FlickStorm.flicks(layout: scene.layout, start: .zero, seconds: seconds)
        var next = 0
        var showNanoseconds = 0.0
        var panNanoseconds = 0.0
        var (composed, panned, placeholderFrames) = (0, 0, 0)
        let clock = ContinuousClock()
        let frames = 60 * seconds + 60
        let start = clock.now
        for frame in 0..<frames {
            let t = FramePacer.step * frame
            let now = clock.now - start
            if now < t { FlickStorm.sleep(for: t - now) }
            manual.advance(to: t)
            _ = try display.handleReadable()
            while next < events.count, events[next].time <= t {
                scene.carousel.handle(events[next])
                next += 1
            }
            scene.carousel.advance(to: t)
            _ = presenter.collect(visible: scene.carousel.visibleViews())
            let finished = strips.collect()
            for job in finished { panner.composed(job) }
            if !finished.isEmpty { writes.stripsComposed() }
            presenter.focus(on: scene.carousel)
            if pan {
                panner.prepare(scene.carousel, presenter: presenter) { job in
                    strips.submit {
                        job.run()
                        return job
                    }
                }
            }
            let drawn = presenter.placeholdersDrawn
            let shown = threadCPUNanoseconds()
            var path = ScanoutWrites.Path.neither
            if pan, try panner.present(scene.carousel, presenter: presenter) != nil {
                panned += 1
                panNanoseconds += threadCPUNanoseconds() - shown
                path = .panning
            } else if let buffer = display.backBuffer {
                presenter.draw(scene.carousel.visibleViews(), into: buffer)
                _ = try display.present()
                composed += 1
                path = .composing
            }
            let copied = threadCPUNanoseconds()
            showNanoseconds += copied - shown
            copyTarget.copyMemory(from: copySource, byteCount: frameBytes)
            copyNanoseconds += threadCPUNanoseconds() - copied
            writes.frameShown(by: path)
            if presenter.placeholdersDrawn > drawn { placeholderFrames += 1 }
        }
        writes.finish()
        let perFrame = showNanoseconds / Double(frames)
        let memcpy = copyNanoseconds / Double(frames)
        func share(_ nanoseconds: Double) -> String { "\(fixed(nanoseconds / memcpy * 100, 1)) %" }
        let perPanned = panNanoseconds / Double(max(panned, 1))
        let stripBytes = panner.strip.scanoutSize.width * height * 4
        let path = pan ? "panned  " : "composed"
        print(
            "scanout \(width)x\(height) \(path): frame path CPU \(duration(nanoseconds: perFrame)) per frame "
                + "(\(share(perFrame)) of one memcpy of the frame, \(duration(nanoseconds: memcpy)))"
                + (pan ? ", \(duration(nanoseconds: perPanned)) per panned frame (\(share(perPanned)))" : "")
                + "; \(panned) frames panned (\(each(writes.panned, panned))), "
                + "\(composed) composed (\(each(writes.composed, composed))): "
                + "\(writes.framePath / frames) bytes written per frame; "
                + "placeholder frames \(placeholderFrames); off the frame path: \(panner.stripsComposed) strips of "
                + "\(stripBytes / 1024) KiB composed (\(writes.offFramePath / 1024) KiB changed); "
                + "resident \(residentKiB() / 1024) MiB")
    }

    /// `bytes` counted in `frames` frames, per frame (and in all, when some frames wrote more than others).
    private static func each(_ bytes: Int, _ frames: Int) -> String {
        guard frames > 0, bytes % frames != 0 else { return "\(bytes / max(frames, 1)) bytes written each" }
        return "\(fixed(Double(bytes) / Double(frames), 1)) bytes written each, \(bytes) in all"
    }

    /// CPU time of the calling thread so far.
    private static func threadCPUNanoseconds() -> Double {
        var now = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &now)
        return Double(now.tv_sec) * 1e9 + Double(now.tv_nsec)
    }
}
