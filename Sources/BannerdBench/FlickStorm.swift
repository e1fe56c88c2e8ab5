import BannerContent
import CarouselEngine
import CarouselRendering
import Glibc
import GlyphText
import ImageDecoding
import PrerenderThreads
import Raster
import TextLayout

/// Placeholders drawn while flicking forwards 10 times a second for 10 s, with banners pre-rendered by the
/// threaded `PrerenderWorker` as on the appliance. The loop is paced in real time (each 60 Hz frame starts at its
/// deadline), so the worker gets the time it would have on a display; the figure depends on this machine's load.
enum FlickStorm {
    static let seconds = 10

    /// 1,000 distinct banners (the demo artwork, numbered titles), so every flick needs a banner not seen before.
    static let banners = BannerList(
        (0..<1000).lazy.map { i in
            var banner = DemoContent.banners[i % DemoContent.banners.count]
            banner.id = "storm-\(i)"
            banner.title = "Banner \(i + 1)"
            return banner
        })

    /// Forward flicks every 100 ms for `seconds` from `start`: 60 % of the width in 40 ms, lifted while moving.
    static func flicks(layout: CarouselLayout, start: Duration, seconds: Int = seconds) -> [InputEvent] {
        let width = Double(layout.viewportWidthPixels)
        let y = Double(layout.viewportHeightPixels) / 2
        var events: [InputEvent] = []
        for n in 0..<(10 * seconds) {
            let t = start + .milliseconds(100 * n)
            events.append(.touchDown(slot: 0, position: PixelPoint(x: width * 0.8, y: y), millimetres: nil, time: t))
            for i in 1...4 {
                let x = width * (0.8 - 0.5 * Double(i) / 4)
                events.append(
                    .touchMotion(
                        slot: 0, position: PixelPoint(x: x, y: y), millimetres: nil, time: t + .milliseconds(8 * i)))
            }
            events.append(.touchUp(slot: 0, time: t + .milliseconds(40)))
        }
        return events
    }

    static func run(fonts: FontSet) throws {
        print(
            "## Flick storm, threaded PrerenderWorker: 10 forward flicks/s for \(seconds) s, paced at 60 Hz (goal: 0)")
        for (width, height) in displaySizes {
            let worker = try PrerenderWorker(makeRenderer: threadRenderer, wake: {})
            defer { worker.stop() }
            var scene = try BenchScene(
                width: width, height: height, banners: banners, fonts: fonts, rendering: .worker(worker))
            let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
            let clock = ContinuousClock()
            // Start-up: the first five banners are rendered before the storm (the appliance shows them at boot).
            let warmStart = clock.now
            let presenter = scene.presenter
            presenter.letWorkerCatchUp(on: scene.carousel, limit: .seconds(10)) { presenter.cachedBanners.count >= 5 }
            let warmUp = clock.now - warmStart
            let events = flicks(layout: scene.layout, start: .zero)
            var next = 0
            var placeholderFrames = 0
            var lateFrames = 0
            let before = scene.presenter.placeholdersDrawn
            let frames = 60 * seconds + 60
            let load = loadAverage()
            let cpuBefore = (process: cpuSeconds(RUSAGE_SELF), loop: cpuSeconds(rusageThread))
            let start = clock.now
            for frame in 0..<frames {
                let t = FramePacer.step * frame
                let now = clock.now - start
                if now < t { sleep(for: t - now) } else if now - t > FramePacer.step { lateFrames += 1 }
                while next < events.count, events[next].time <= t {
                    scene.carousel.handle(events[next])
                    next += 1
                }
                scene.carousel.advance(to: t)
                _ = scene.presenter.collect(visible: scene.carousel.visibleViews())
                scene.presenter.focus(on: scene.carousel)
                let drawn = scene.presenter.placeholdersDrawn
                scene.presenter.draw(scene.carousel.visibleViews(), into: target.buffer)
                if scene.presenter.placeholdersDrawn > drawn { placeholderFrames += 1 }
            }
            let pages: Int = scene.carousel.nearestPage + scene.carousel.pagesRenormalised
            let draws: Int = scene.presenter.placeholdersDrawn - before
            let startUp: String = duration(nanoseconds: nanoseconds(warmUp))
            let loop = cpuSeconds(rusageThread) - cpuBefore.loop
            let workerCPU = cpuSeconds(RUSAGE_SELF) - cpuBefore.process - loop
            print(
                "flick storm \(width)x\(height): \(placeholderFrames) frame(s) with a placeholder, \(draws) "
                    + "placeholder draw(s) in \(frames) frames; moved \(pages) pages; \(lateFrames) frame(s) started "
                    + "more than a frame late; start-up pre-render of 5 banners \(startUp)")
            print(
                "flick storm \(width)x\(height): CPU over the \(fixed(Double(frames) / 60, 1)) s: frame loop "
                    + "\(fixed(loop, 2)) s, worker \(fixed(workerCPU, 2)) s; machine load average at start \(load) "
                    + "(2 cores shared with other sessions: the figure moves with their load)")
        }
    }

    /// The 1-minute load average, as /proc/loadavg prints it.
    private static func loadAverage() -> String {
        guard let file = fopen("/proc/loadavg", "r") else { return "?" }
        defer { fclose(file) }
        var line = [CChar](repeating: 0, count: 128)
        guard fgets(&line, Int32(line.count), file) != nil else { return "?" }
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        return text.split(separator: " ").first.map(String.init) ?? "?"
    }

    static func sleep(for d: Duration) {
        var pause = timespec(tv_sec: Int(d.components.seconds), tv_nsec: Int(d.components.attoseconds / 1_000_000_000))
        nanosleep(&pause, nil)
    }
}
