import BannerContent
import Foundation
import Raster

/// Decodes and pre-renders banners on a thread of its own, so the frame loop never waits for an image.
///
/// The loop asks for banners (`request`), the worker renders the newest requests first, and the loop picks the
/// results up (`collect`) after the worker has called `wake` (the loop's eventfd, in the appliance). FreeType
/// faces are not thread-safe, so the worker builds its own `BannerRenderer` on its thread.
public final class PrerenderWorker: @unchecked Sendable {
    /// One finished banner.
    public struct Result: Sendable {
        public var banner: Int
        public var sprite: Sprite
        /// What could not be drawn as given (see `RenderedBanner.problems`).
        public var problems: [String]
    }

    /// What a banner is rendered into: size in pixels, scale, corner radius and rotation.
    public struct Target: Equatable, Sendable {
        public var width: Int
        public var height: Int
        public var scale: Double
        public var cornerRadius: Int
        public var rotation: Rotation
        /// The display's pixel format: sprites are stored in it, so composing is a plain copy.
        public var format: PixelFormat

        public init(
            width: Int, height: Int, scale: Double, cornerRadius: Int, rotation: Rotation,
            format: PixelFormat = .xrgb8888
        ) {
            self.width = width
            self.height = height
            self.scale = scale
            self.cornerRadius = cornerRadius
            self.rotation = rotation
            self.format = format
        }
    }

    private let condition = NSCondition()
    private var pending: [Int] = []
    private var finished: [Result] = []
    private var generation = 0
    private var banners: [Banner]
    private var target: Target
    private var stopped = false
    private let wake: @Sendable () -> Void

    /// Starts the thread, idle until a presenter hands it banners and a size (`reset`). `makeRenderer` runs on the
    /// thread once; `wake` is called after each finished banner.
    public init(makeRenderer: @escaping @Sendable () -> BannerRenderer, wake: @escaping @Sendable () -> Void) {
        self.banners = []
        self.target = Target(width: 1, height: 1, scale: 1, cornerRadius: 0, rotation: .none)
        self.wake = wake
        let thread = Thread { [unowned self] in self.run(renderer: makeRenderer()) }
        thread.name = "bannerd-prerender"
        thread.start()
    }

    /// Asks for banners, most wanted first; replaces earlier requests still waiting.
    public func request(_ wanted: [Int]) {
        condition.lock()
        pending = wanted.reversed()
        condition.signal()
        condition.unlock()
    }

    /// Takes the banners finished since the last call.
    public func collect() -> [Result] {
        condition.lock()
        defer { condition.unlock() }
        let done = finished
        finished.removeAll(keepingCapacity: true)
        return done
    }

    /// New content or a new size: forgets queued work; results of the old content are dropped.
    public func reset(banners: [Banner], target: Target) {
        condition.lock()
        self.banners = banners
        self.target = target
        generation += 1
        pending.removeAll()
        finished.removeAll()
        condition.unlock()
    }

    /// Ends the thread after the banner in progress.
    public func stop() {
        condition.lock()
        stopped = true
        condition.signal()
        condition.unlock()
    }

    private func run(renderer: BannerRenderer) {
        while true {
            condition.lock()
            while pending.isEmpty && !stopped { condition.wait() }
            if stopped {
                condition.unlock()
                return
            }
            let index = pending.removeLast()
            let job = (generation, target, index < banners.count ? banners[index] : nil)
            condition.unlock()
            guard let banner = job.2 else { continue }
            let t = job.1
            let rendered = renderer.render(
                banner, width: t.width, height: t.height, scale: t.scale, cornerRadius: t.cornerRadius)
            let sprite = Sprite(rendered.bitmap, rotation: t.rotation, format: t.format)
            condition.lock()
            let current = job.0 == generation
            if current { finished.append(Result(banner: index, sprite: sprite, problems: rendered.problems)) }
            condition.unlock()
            if current { wake() }
        }
    }
}
