import BannerContent
import CarouselRendering
import Glibc
import GlyphText
import Raster
import Synchronization
import Testing

@testable import bannerd

/// The pre-render worker exactly as `bannerd run` starts it (`MainLoop.startPrerenderWorker`). `scripts/test` runs
/// this suite under ThreadSanitizer too: two threads shaping long titles at once is where a shared FreeType face
/// or glyph cache races (a SEGV on the QEMU board with text-heavy banners).
@Suite struct PrerenderWiringTests {
    /// Long titles and subtitles in Latin, CJK and emoji: every glyph goes through the faces and the glyph cache.
    static let banners = BannerList(
        (0..<16).lazy.map { n in
            Banner(
                id: "t\(n)",
                title: "Banner \(n): Große Straßenfest-Angebote — 夏季大促销 \(n) — ☀️ " + String(repeating: "Wy", count: n),
                subtitle: "Open every day 07:00–23:00, übermorgen auch — 欢迎光临 — café №\(n) "
                    + String(repeating: "fi fl ", count: 16 - n),
                background: Color(rgb: UInt32(0x10_2030 + n * 0x0a_0b0c)))
        })
    static let target = PrerenderWorker.Target(
        width: 360, height: 200, scale: 1.5, cornerRadius: 12, rotation: .none, background: Color(rgb: 0x11_1111))

    @Test func eachThreadRendersWithItsOwnFontsAndTheResultsMatchARendererOnOneThread() throws {
        let wakes = Atomic<Int>(0)
        let worker = try MainLoop.startPrerenderWorker(
            fonts: .debian, threads: 2, wake: { wakes.add(1, ordering: .relaxed) })
        defer { worker.stop() }
        worker.reset(banners: Self.banners, target: Self.target)
        worker.request(Array(0..<Self.banners.count))
        var results: [Int: Sprite] = [:]
        for _ in 0..<30_000 where results.count < Self.banners.count {
            for result in worker.collect() { results[result.banner] = result.sprite }
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        #expect(results.count == Self.banners.count)
        #expect(wakes.load(ordering: .relaxed) == Self.banners.count)
        // The same banners drawn by one renderer on this thread: pixel for pixel what the threads made.
        let alone = try ContentOptions.makeRenderer(fonts: .debian, logProblems: false)
        let t = Self.target
        for (index, sprite) in results.sorted(by: { $0.key < $1.key }) {
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
        let worker = try MainLoop.startPrerenderWorker(fonts: nowhere, threads: 2, wake: {})
        defer { worker.stop() }
        worker.reset(banners: Self.banners, target: Self.target)
        worker.request([0, 1])
        var done: [Int] = []
        for _ in 0..<30_000 where done.count < 2 {
            done += worker.collect().map(\.banner)
            var pause = timespec(tv_sec: 0, tv_nsec: 2_000_000)
            nanosleep(&pause, nil)
        }
        #expect(done.sorted() == [0, 1])
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
