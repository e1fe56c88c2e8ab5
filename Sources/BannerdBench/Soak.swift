import BannerContent
import CarouselEngine
import CarouselRendering
import FileAccess
import Foundation
import FrameLoop
import Glibc
import GlyphText
import ImageDecoding
import PrerenderThreads
import Raster

/// An hour of simulated time through the appliance's frame path: `FrameScheduler` (timer pacing) woken only at
/// its deadlines, input and reloads, as the poll loop is; the threaded `PrerenderWorker`; `CarouselPresenter`
/// composing into a frame buffer; autoplay; seeded random gestures (flicks, drags, taps, catches, long presses);
/// and a reload every 5 minutes of a real content directory that changes (files added, removed, retitled).
/// Reports resident memory and open file descriptors at the start, every 10 minutes and at the end.
///
/// Simulated time runs faster than the worker: where the appliance would have spent real frames waiting, the
/// soak waits (up to 2 s) for the banners on screen, so what it measures is memory and descriptors, not timing.
enum Soak {
    static let minutes = 60
    static let reloadInterval = Duration.seconds(300)

    static func run(scratch: String) throws {
        let (width, height) = (800, 480)
        print(
            "## Soak: \(minutes) min simulated at \(width)x\(height): autoplay, random gestures, reload every "
                + "\(reloadInterval.components.seconds / 60) min (goals: RSS drift ≤ 1 MB, file descriptors constant)")
        var content = try SoakContent(directory: scratch + "/soak")
        let worker = try PrerenderWorker(makeRenderer: threadRenderer, wake: {})
        defer { worker.stop() }
        let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: 1)
        let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
        var presenter = content.presenter(layout: layout, worker: worker)
        var scheduler = FrameScheduler(
            carousel: Carousel(layout: layout, count: presenter.banners.count), pacing: .timer)
        var gestures = GestureGenerator(layout: layout, seed: 2026)
        let end = Duration.seconds(60 * minutes)
        var now = Duration.zero
        var nextReload = reloadInterval
        var nextSample = Duration.seconds(60)
        var samples: [(minute: Int, rss: Int, trimmed: Int, fds: Int)] = []
        func sample(_ minute: Int) {
            // Measured with the worker idle and the cache full, so samples compare like with like; then again
            // after returning freed heap pages, which is what the process really holds.
            let wanted = min(5, presenter.banners.count)
            presenter.letWorkerCatchUp(on: scheduler.carousel) {
                presenter.cachedBanners.count >= wanted && worker.isIdle
            }
            let rss = residentKiB()
            HeapPolicy.releaseFreedMemory()
            samples.append((minute, rss, residentKiB(), openDescriptors()))
        }
        var stats = (frames: 0, wakeups: 0, problems: 0, reloads: 0, gestures: 0)
        while now < end {
            stats.wakeups += 1
            for event in gestures.events(upTo: now) {
                _ = scheduler.handle(event)
                if case .touchDown = event { stats.gestures += 1 }
            }
            if now >= nextReload {
                nextReload += reloadInterval
                stats.reloads += 1
                try content.change(step: stats.reloads)
                let index = scheduler.carousel.index
                presenter = content.presenter(layout: layout, worker: worker)
                let count = presenter.banners.count
                scheduler.replace(Carousel(layout: layout, count: count, startIndex: min(index, count - 1), time: now))
            }
            if scheduler.wake(at: now) {
                let views = scheduler.carousel.visibleViews()
                presenter.letWorkerCatchUp(on: scheduler.carousel) { presenter.holds(views) }
                presenter.draw(views, into: target.buffer)
                scheduler.didPresent()  // shown at once: no flip in flight
                stats.frames += 1
            }
            _ = presenter.collect(visible: scheduler.carousel.visibleViews())
            if worker.isIdle && !scheduler.carousel.wantsFrames { HeapPolicy.releaseFreedMemory() }  // as bannerd does
            presenter.focus(on: scheduler.carousel)
            stats.problems += presenter.takeProblems().count
            if now >= nextSample {
                sample(Int(now.components.seconds / 60))
                nextSample += .seconds(600)
            }
            let due = [scheduler.nextDeadline(flipDeadline: nil), gestures.nextTime, nextReload, nextSample, end]
                .compactMap { $0 }
            now = max(now + .nanoseconds(1), due.min() ?? end)
        }
        sample(minutes)
        print(
            "soak: \(stats.wakeups) wake-ups, \(stats.frames) frames rendered (\(fixed(Double(stats.frames) / 3600, 1))"
                + "/s on average), \(stats.gestures) gestures, \(stats.reloads) reloads, \(stats.problems) problem "
                + "line(s), \(presenter.placeholdersDrawn) placeholder draw(s) since the last reload")
        print(
            "soak: "
                + samples.map { "min \($0.minute): RSS \($0.rss) KiB (\($0.trimmed) trimmed), \($0.fds) fds" }
                .joined(separator: "; "))
        guard let first = samples.first, let last = samples.last else { return }
        print(
            "soak: RSS drift from minute \(first.minute) to \(minutes): \(last.trimmed - first.trimmed) KiB after "
                + "trimming (\(last.rss - first.rss) KiB before; samples range \(samples.map(\.rss).min() ?? 0)–"
                + "\(samples.map(\.rss).max() ?? 0) KiB); file descriptors \(first.fds) → \(last.fds)")
    }

    /// Entries in /proc/self/fd, minus the one `opendir` itself holds while counting.
    static func openDescriptors() -> Int {
        guard let dir = opendir("/proc/self/fd") else { return -1 }
        defer { closedir(dir) }
        var count = 0
        while let entry = readdir(dir) {
            if entry.pointee.d_name.0 != UInt8(ascii: ".") { count += 1 }
        }
        return count - 1
    }
}

/// The soak's content directory: photos and a manifest, changed at each reload the way operators do.
private struct SoakContent {
    let directory: String
    private var photos: [String] = []
    private var retitle = 0

    init(directory: String) throws {
        self.directory = directory
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        for i in 0..<10 { try addPhoto(i) }
        try writeManifest()
    }

    private mutating func addPhoto(_ n: Int) throws {
        let name = "photo-\(n).jpg"
        let bytes = PhotoFixture.jpeg(PhotoFixture.picture(width: 1280, height: 720, seed: UInt64(0x50AC + n)))
        try LocalFiles().writeAtomically(bytes, to: directory + "/" + name)
        photos.append(name)
    }

    private func writeManifest() throws {
        var text = ""
        for (i, photo) in photos.enumerated() {
            text += "[[banner]]\nid = \"\(photo)\"\ntitle = \"Offer \(i + 1), edition \(retitle)\"\n"
            text += "subtitle = \"Soak content \(photo)\"\nimage = \"\(photo)\"\n\n"
        }
        try LocalFiles().writeAtomically(Array(text.utf8), to: directory + "/banners.toml")
    }

    /// One operator change per reload, in turn: a new photo, a photo removed, every title rewritten.
    mutating func change(step: Int) throws {
        switch step % 3 {
        case 1: try addPhoto(10 + step)
        case 2:
            let gone = photos.removeFirst()
            unlink(directory + "/" + gone)
        default: retitle += 1
        }
        try writeManifest()
    }

    /// A presenter over the directory as loaded now (what a live reload swaps in).
    func presenter(layout: CarouselLayout, worker: PrerenderWorker) -> CarouselPresenter {
        let loaded = ContentLoader().load(directory: directory)
        HeapPolicy.releaseFreedMemory()  // as bannerd does after each load
        return CarouselPresenter(
            banners: loaded.banners, layout: layout, rotation: .none, background: benchBackground,
            rendering: .worker(worker))
    }
}

/// Seeded random touch gestures, one at a time with pauses between: flicks both ways, slow drags released at
/// rest, taps, a finger catching the carousel while it moves, and long presses.
private struct GestureGenerator {
    let layout: CarouselLayout
    private var state: UInt64
    private var queue: [InputEvent] = []
    private var nextStart = Duration.seconds(3)

    init(layout: CarouselLayout, seed: UInt64) {
        self.layout = layout
        self.state = seed
    }

    /// The next event's time, or when the next gesture begins.
    var nextTime: Duration? { queue.first?.time ?? nextStart }

    /// The events due by `now`, generating the next gesture when its start has come.
    mutating func events(upTo now: Duration) -> [InputEvent] {
        if queue.isEmpty, now >= nextStart { queue = gesture(at: now) }
        var due: [InputEvent] = []
        while let first = queue.first, first.time <= now { due.append(queue.removeFirst()) }
        if queue.isEmpty, !due.isEmpty { nextStart = now + .milliseconds(Int64(300 + random(9_700))) }
        return due
    }

    /// xorshift64*: small, seedable and good enough to vary gestures.
    private mutating func random(_ bound: Int) -> Int {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return Int((state &* 0x2545_F491_4F6C_DD1D) >> 33) % bound
    }

    private mutating func gesture(at start: Duration) -> [InputEvent] {
        let width = Double(layout.viewportWidthPixels)
        let y = Double(layout.viewportHeightPixels) / 2
        let direction: Double = random(2) == 0 ? 1 : -1
        func at(_ ms: Int) -> Duration { start + .milliseconds(Int64(ms)) }
        func point(_ x: Double) -> PixelPoint { PixelPoint(x: width / 2 + x, y: y) }
        var events: [InputEvent] = [.touchDown(slot: 0, position: point(0), millimetres: nil, time: start)]
        func flick() {  // fast, lifted while moving
            for i in 1...5 {
                let x = -direction * width * 0.1 * Double(i)
                events.append(.touchMotion(slot: 0, position: point(x), millimetres: nil, time: at(8 * i)))
            }
            events.append(.touchUp(slot: 0, time: at(48)))
        }
        switch random(5) {
        case 0: flick()
        case 1:  // slow drag, held still, released
            for i in 1...30 {
                events.append(
                    .touchMotion(
                        slot: 0, position: point(-direction * width * 0.02 * Double(i)), millimetres: nil,
                        time: at(16 * i)))
            }
            events.append(.touchUp(slot: 0, time: at(16 * 30 + 200)))
        case 2:  // tap
            events.append(.touchUp(slot: 0, time: at(90)))
        case 3:  // a flick, then a finger catches it mid-flight and lets go
            flick()
            events.append(.touchDown(slot: 0, position: point(0), millimetres: nil, time: at(150)))
            events.append(.touchUp(slot: 0, time: at(400)))
        default:  // long press
            events.append(.touchUp(slot: 0, time: at(1_200)))
        }
        return events
    }
}
