import BannerContent
import CarouselRendering
import Glibc
import Raster
import SystemCalls

/// Decodes and pre-renders banners on threads of their own, so the frame loop never waits for an image.
///
/// The loop asks for banners (`request`), the worker renders the newest requests first, and the loop picks the
/// results up (`collect`) after the worker has called `wake` (the loop's eventfd, in the appliance). FreeType
/// faces and the glyph cache are not thread-safe, so each thread builds its own `BannerRenderer` and no other
/// thread ever sees it: `makeRenderer` is `@Sendable` and `BannerRenderer` is not, so the compiler refuses a
/// factory that hands out one renderer captured from outside. Two threads (one on a single
/// core) render the three banners of the first frame, or the banners a fast flick reveals, in about half the
/// time; they run at a lower priority (nice 10) so a frame never waits behind a decode.
// Sendable because every mutable property is read and written only with `condition` locked, and the renderers
// never leave their threads; the one thing their fonts share is fontconfig's process-wide configuration, which
// fontconfig itself makes thread-safe (ThreadSanitizer: BannerdRunTests, PrerenderThreadsTests in scripts/test,
// threadsFallBackOnTheInstalledFontsTogether for the fallback on three threads).
public final class PrerenderWorker: BannerPrerenderer, @unchecked Sendable {
    private let condition = ConditionLock()
    private var pending: [Int] = []
    private var inProgress: Set<Int> = []
    private var finished: [PrerenderedBanner] = []
    private var generation = 0
    private var banners: BannerList
    private var target: PrerenderTarget
    private var stopped = false
    /// Threads that have built their renderer, and the first error of one that could not.
    private var threadsReady = 0
    private var startFailure: (any Error)?
    /// Why the threads could not lower their priority (setpriority's errno text), if they could not: a system-call
    /// filter that refuses it makes a frame wait behind a decode on a single-core board. Known once init returns.
    public var priorityRefused: String? {
        condition.lock()
        defer { condition.unlock() }
        return refusedPriority
    }
    private var refusedPriority: String?
    private let wake: @Sendable () -> Void

    /// The nice value the threads take: below the frame loop, which keeps 0.
    public static let niceness: Int32 = 10

    /// Rendering threads by default: two, or one on a single-core board.
    public static let defaultThreads = min(2, processorsOnline)

    /// Starts the threads, idle until a presenter hands them banners and a size (`reset`). Each thread calls
    /// `makeRenderer` with its number (0 first) once, on itself; the initializer returns when every thread has
    /// its renderer, and throws the first error if any could not build one (the threads are stopped then).
    /// `wake` is called after each finished banner.
    public init(
        threads: Int = PrerenderWorker.defaultThreads,
        makeRenderer: @escaping @Sendable (_ thread: Int) throws -> BannerRenderer,
        wake: @escaping @Sendable () -> Void
    ) throws {
        self.banners = []
        self.target = PrerenderTarget(
            width: 1, height: 1, scale: 1, cornerRadius: 0, rotation: .none, background: .black)
        self.wake = wake
        let count = max(1, threads)
        for n in 0..<count {
            // The thread holds the worker until `stop()` ends it, so a worker dropped early is never freed under it.
            do {
                try startThread(named: "prerender-\(n)") { self.threadMain(n, makeRenderer: makeRenderer) }
            } catch {
                stop()  // the threads already started
                throw error
            }
        }
        condition.lock()

        while threadsReady < count { condition.wait() }
        let failure = startFailure
        condition.unlock()
        if let failure {
            stop()
            throw failure
        }
    }

    private func threadMain(_ n: Int, makeRenderer: @Sendable (_ thread: Int) throws -> BannerRenderer) {
        // On Linux the nice value is per thread (who 0 = this thread): it yields the CPU to the frame loop.
        let refused =
            setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness) == 0 ? nil : errnoText(errno)
        let renderer: BannerRenderer
        do {
            renderer = try makeRenderer(n)
        } catch {
            threadStarted(failure: error, priorityRefused: refused)
            return
        }
        threadStarted(failure: nil, priorityRefused: refused)
        run(renderer: renderer)
    }

    private func threadStarted(failure: (any Error)?, priorityRefused refused: String?) {
        condition.lock()
        threadsReady += 1
        if startFailure == nil { startFailure = failure }
        if refusedPriority == nil { refusedPriority = refused }
        condition.broadcast()
        condition.unlock()
    }

    /// Asks for banners, most wanted first; replaces earlier requests still waiting.
    public func request(_ wanted: [Int]) {
        condition.lock()
        pending = wanted.reversed()
        condition.broadcast()
        condition.unlock()
    }

    /// True when no banner is queued or being rendered.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending.isEmpty && inProgress.isEmpty
    }

    /// Takes the banners finished since the last call.
    public func collect() -> [PrerenderedBanner] {
        condition.lock()
        defer { condition.unlock() }
        let done = finished
        finished.removeAll(keepingCapacity: true)
        return done
    }

    /// New content or a new size: forgets queued work; results of the old content are dropped.
    public func reset(banners: BannerList, target: PrerenderTarget) {
        condition.lock()
        self.banners = banners
        self.target = target
        generation += 1
        pending.removeAll()
        inProgress.removeAll()
        finished.removeAll()
        condition.unlock()
    }

    /// Ends the thread after the banner in progress.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run(renderer: BannerRenderer) {
        while true {
            condition.lock()
            var next: Int?
            while !stopped && next == nil {
                // A banner another thread is already rendering is not taken twice.
                while let last = pending.last, inProgress.contains(last) { pending.removeLast() }
                next = pending.popLast()
                if next == nil { condition.wait() }
            }
            guard let index = next, !stopped else {
                condition.unlock()
                return
            }
            guard index < banners.count else {
                condition.unlock()
                continue
            }
            let (job, t, banner) = (generation, target, banners[index])
            inProgress.insert(index)
            condition.unlock()
            let rendered = BannerPicture.render(banner, with: renderer, for: t)
            condition.lock()
            let current = job == generation
            if current {
                inProgress.remove(index)
                finished.append(
                    PrerenderedBanner(banner: index, picture: rendered.picture, problems: rendered.problems))
            }
            condition.unlock()
            if current { wake() }
        }
    }

}
