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
// never leave their threads; the streamed animation (`FrameStream`, a decoder) is handed from thread to thread
// under the lock and held by one at a time (`streamBusy`); the one thing their fonts share is fontconfig's
// process-wide configuration, which fontconfig itself makes thread-safe (ThreadSanitizer: BannerdRunTests,
// PrerenderThreadsTests in scripts/test, threadsFallBackOnTheInstalledFontsTogether for the fallback on three
// threads, StreamedAnimationWorkerTests for the stream).
public final class PrerenderWorker: BannerPrerenderer, @unchecked Sendable {
    private let condition = ConditionLock()
    private var pending: [Int] = []
    private var inProgress: Set<Int> = []
    private var finished: [PrerenderedBanner] = []
    private var generation = 0
    private var banners: BannerList
    private var target: PrerenderTarget
    private var stopped = false
    /// Frames of the streamed animation still to draw, most wanted first; the open animation while no thread draws
    /// with it; whether one does; the frames drawn and not yet collected.
    private var streamPending: (banner: Int, frames: [Int])?
    private var streamIdle: FrameStream?
    private var streamBusy = false
    /// The frame a thread draws now.
    private var streamDrawing: (banner: Int, frame: Int)?
    private var finishedFrames: [StreamedFrame] = []
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

    /// True when no banner is queued or being rendered, and no frame of a streamed animation.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        return pending.isEmpty && inProgress.isEmpty && streamPending == nil && !streamBusy
    }

    /// Takes the banners finished since the last call.
    public func collect() -> [PrerenderedBanner] { take(\.finished) }

    /// What `list` holds, leaving it empty (its storage kept), under the lock.
    private func take<Element>(_ list: ReferenceWritableKeyPath<PrerenderWorker, [Element]>) -> [Element] {
        condition.lock()
        defer { condition.unlock() }
        let done = self[keyPath: list]
        self[keyPath: list].removeAll(keepingCapacity: true)
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
        streamPending = nil
        streamIdle = nil
        finishedFrames.removeAll()
        condition.unlock()
    }

    /// Asks for frames of `banner`'s streamed animation, most wanted first; replaces earlier ones still waiting. A
    /// frame being drawn, or drawn and not collected yet, is not drawn again.
    public func stream(_ banner: Int, frames: [Int]) {
        condition.lock()
        let fresh = frames.filter { frame in
            streamDrawing.map { $0 != (banner, frame) } ?? true
                && !finishedFrames.contains { $0.banner == banner && $0.frame == frame }
        }
        streamPending = fresh.isEmpty ? nil : (banner, fresh)
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the streamed frames drawn since the last call.
    public func collectFrames() -> [StreamedFrame] { take(\.finishedFrames) }

    /// Ends the thread after the banner in progress.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// What a thread takes next: a frame of the streamed animation first (it is on screen, and due soon), else
    /// the most wanted banner.
    private enum Work {
        case banner(Int)
        case frame(banner: Int, frame: Int, stream: FrameStream?)
    }

    /// The next work, taken off the queues; nil when there is none. Called with `condition` locked.
    private func takeWork() -> Work? {
        if !streamBusy, let asked = streamPending, let frame = asked.frames.first {
            streamPending = asked.frames.count > 1 ? (asked.banner, Array(asked.frames.dropFirst())) : nil
            streamBusy = true
            streamDrawing = (asked.banner, frame)
            let stream = streamIdle?.banner == asked.banner ? streamIdle : nil
            streamIdle = nil
            return .frame(banner: asked.banner, frame: frame, stream: stream)
        }
        // A banner another thread is already rendering is not taken twice.
        while let last = pending.last, inProgress.contains(last) { pending.removeLast() }
        return pending.popLast().map { .banner($0) }
    }

    private func run(renderer: BannerRenderer) {
        while true {
            condition.lock()
            var work: Work?
            while !stopped {
                work = takeWork()
                if work != nil { break }
                condition.wait()
            }
            guard let work, !stopped else {
                condition.unlock()
                return
            }
            switch work {
            case .banner(let index): render(index, with: renderer)
            case .frame(let banner, let frame, let stream): draw(frame, of: banner, stream: stream, with: renderer)
            }
        }
    }

    /// Renders banner `index`; called with `condition` locked, returns with it unlocked.
    private func render(_ index: Int, with renderer: BannerRenderer) {
        guard index < banners.count else {
            condition.unlock()
            return
        }
        let (job, t, banner) = (generation, target, banners[index])
        inProgress.insert(index)
        condition.unlock()
        let rendered = BannerPicture.render(banner, with: renderer, for: t)
        condition.lock()
        let current = job == generation
        if current {
            inProgress.remove(index)
            finished.append(PrerenderedBanner(banner: index, picture: rendered.picture, problems: rendered.problems))
        }
        condition.unlock()
        if current { wake() }
    }

    /// Draws frame `frame` of `banner`'s streamed animation with `stream` (opened anew when nil); called with
    /// `condition` locked, returns with it unlocked. The stream goes back for the next frame, whichever thread
    /// draws it: one thread at a time has it (`streamBusy`).
    private func draw(_ frame: Int, of banner: Int, stream: FrameStream?, with renderer: BannerRenderer) {
        guard banner < banners.count else {
            streamBusy = false
            streamDrawing = nil
            condition.unlock()
            return
        }
        let (job, t, content) = (generation, target, banners[banner])
        condition.unlock()
        let opened = stream ?? FrameStream(banner: banner, content, renderer: renderer, for: t)
        let drawn = opened?.frame(frame, renderer: renderer, target: t)
        condition.lock()
        streamBusy = false
        streamDrawing = nil
        let current = job == generation
        if current {
            streamIdle = opened
            if let drawn { finishedFrames.append(drawn) }
        }
        condition.broadcast()  // a thread may wait for the stream to come back
        condition.unlock()
        if current, drawn != nil { wake() }
    }
}
