import BannerContent
import CarouselRendering
import EventLoop
import GlyphText
import MonotonicTime
import PrerenderThreads
import Raster
import Testing

@testable import bannerd

/// The pre-render worker exactly as `bannerd run` starts it (`MainLoop.startPrerenderWorker`). `scripts/test` runs
/// this suite under ThreadSanitizer too: two threads shaping long titles at once is where a shared FreeType face
/// or glyph cache races (a SEGV on the QEMU board with text-heavy banners).
@Suite struct PrerenderWiringTests {
    /// Long titles and subtitles in Latin, CJK and emoji: every glyph goes through the faces and the glyph cache.
    static let banners = BannerList(
        (0..<16).lazy.map { (n: Int) -> Banner in
            let title: String = "Banner \(n): Große Straßenfest-Angebote — 夏季大促销 \(n) — ☀️ "
            let subtitle: String = "Open every day 07:00–23:00, übermorgen auch — 欢迎光临 — café №\(n) "
            let background: UInt32 = 0x10_2030 + UInt32(n) * 0x0a_0b0c
            return Banner(
                id: "t\(n)", title: title + String(repeating: "Wy", count: n),
                subtitle: subtitle + String(repeating: "fi fl ", count: 16 - n), background: Color(rgb: background))
        })
    static let target = PrerenderTarget(
        width: 360, height: 200, scale: 1.5, cornerRadius: 12, rotation: .none, background: Color(rgb: 0x11_1111))

    @Test func eachThreadRendersWithItsOwnFontsAndTheResultsMatchARendererOnOneThread() throws {
        let signal = try WakeSignal()
        let worker = try MainLoop.startPrerenderWorker(fonts: .debian, threads: 2, waking: signal)
        defer { worker.stop() }
        // Each thread lowered its own priority (read here as MainLoop reads it, after the threads wrote it).
        #expect(worker.priorityRefused == nil)
        let generation = worker.reset(banners: Self.banners, target: Self.target)
        worker.request(Array(0..<Self.banners.count))
        let results = try collect(Self.banners.count, of: generation, from: worker, wokenBy: signal)
        #expect(results.count == Self.banners.count)
        // The same banners drawn by one renderer on this thread: pixel for pixel what the threads made.
        let alone = try ContentOptions.makeRenderer(fonts: .debian, logProblems: false)
        let t = Self.target
        for result in results.sorted(by: { $0.banner < $1.banner }) {
            let (index, sprite) = (result.banner, result.picture.sprites[0])
            let rendered = alone.render(
                Self.banners[index], width: t.width, height: t.height, scale: t.scale, cornerRadius: t.cornerRadius)
            let expected = Sprite(rendered.bitmap, rotation: t.rotation, format: t.format, over: t.background)
            #expect(pixels(of: sprite) == pixels(of: expected), "banner \(index)")
        }
    }

    @Test func aThreadThatCannotBuildItsRendererFailsTheStart() {
        struct NoFreeType: Error {}
        #expect(throws: NoFreeType.self) {
            _ = try PrerenderWorker(
                threads: 2,
                makeRenderer: { thread in
                    guard thread == 0 else { throw NoFreeType() }
                    return try ContentOptions.makeRenderer(fonts: .debian, logProblems: false)
                }, wake: {})
        }
    }

    @Test func missingFontsDoNotStopTheWorker() throws {
        let nowhere = FontPaths(title: ["/nonexistent/bold.ttf"], body: ["/nonexistent/regular.ttf"])
        let signal = try WakeSignal()
        let worker = try MainLoop.startPrerenderWorker(fonts: nowhere, threads: 2, waking: signal)
        defer { worker.stop() }
        let generation = worker.reset(banners: Self.banners, target: Self.target)
        worker.request([0, 1])
        #expect(try collect(2, of: generation, from: worker, wokenBy: signal).map(\.banner).sorted() == [0, 1])
    }

    /// As the loop does: sleeps in poll() on the wake signal, drains it and takes what the threads finished.
    private func collect(_ count: Int, of generation: Int, from worker: PrerenderWorker, wokenBy signal: WakeSignal)
        throws
        -> [PrerenderedBanner]
    {
        var poller = Poller()
        poller.descriptors = [signal.fileDescriptor]
        var results: [PrerenderedBanner] = []
        let giveUp = MonotonicClock.now() + .seconds(120)
        while results.count < count, MonotonicClock.now() < giveUp {
            let now = MonotonicClock.now()
            let ready = try poller.wait(until: now + .seconds(5), now: now)
            guard ready.contains(signal.fileDescriptor) else { continue }
            signal.drain()
            results += worker.collect(generation: generation)
        }
        return results
    }

    /// The sprite composed alone onto a target of its size: the bytes a frame would show.
    private func pixels(of sprite: Sprite) -> [UInt8] {
        let storage = PixelBufferStorage(width: sprite.width, height: sprite.height, format: sprite.format)
        FrameComposer(rotation: sprite.rotation, format: sprite.format)
            .compose(background: .black, placements: [Placement(sprite, x: 0, y: 0)], into: storage.buffer)
        let buffer = storage.buffer
        return Array(UnsafeRawBufferPointer(start: buffer.base, count: buffer.stride * buffer.height))
    }
}
