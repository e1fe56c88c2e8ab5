import BannerContent
import CarouselRendering
import DisplaySelection
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
// never leave their threads; the streamed animation (`StreamDrawer`, a decoder) is handed from thread to thread
// under the lock and held by one at a time (`StreamHolder`); the one thing their fonts share is fontconfig's
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
    /// Who holds the streamed animation's open decoder: nobody, the worker between frames, or a thread drawing.
    private enum StreamHolder {
        case none
        case idle(StreamDrawer, StreamOwner)
        case lent(StreamOwner, frame: Int)
    }
    private var streamHolder = StreamHolder.none
    /// Whose stream is wanted now (the last request with frames), and its frames still to draw, most wanted first.
    private var streamWanted: StreamOwner?
    private var streamPending: StreamRequest?
    /// The wanted stream's layer on the overlay planes, to write before its next frame (`StreamRequest.layer`).
    private var streamLayer: (owner: StreamOwner, memory: any PlaneMemory)?
    /// Frames on the planes to draw as sprites (`flatten`), and those drawn, by generation.
    private var toFlatten: [(frame: DrawnFrame, layer: any PlaneMemory, target: PrerenderTarget, generation: Int)] = []
    private var flattened: [(generation: Int, frame: DrawnFrame)] = []
    /// A stream no longer wanted, for a thread to close (never the loop's thread, never under the lock).
    private var streamClosing: StreamDrawer?
    /// Frames drawn for the wanted stream and not collected yet.
    private var finishedFrames: [DrawnFrame] = []
    /// Lines for the log from the stream's drawing (`StreamDrawer.takeProblems`), collected with its frames.
    private var streamProblems: [String] = []
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

    /// True when no banner is queued or being rendered, and no frame of a streamed animation nor a stream to close.
    public var isIdle: Bool {
        condition.lock()
        defer { condition.unlock() }
        if case .lent = streamHolder { return false }
        return pending.isEmpty && inProgress.isEmpty && streamPending == nil && streamClosing == nil
            && toFlatten.isEmpty
    }

    /// Takes the banners finished for `generation` since the last call (none for an older one: its banners were
    /// dropped when the content changed).
    public func collect(generation asked: Int) -> [PrerenderedBanner] {
        condition.lock()
        defer { condition.unlock() }
        guard asked == generation else { return [] }
        let done = finished
        finished.removeAll(keepingCapacity: true)
        return done
    }

    /// New content or a new size: forgets queued banners; results of the old content are dropped. The stream is
    /// left as it is: it belongs to the presenter that asked for it, which may go on showing it (reloaded content is
    /// rendered while the old plays on).
    @discardableResult
    public func reset(banners: BannerList, target: PrerenderTarget) -> Int {
        condition.lock()
        defer { condition.unlock() }
        self.banners = banners
        self.target = target
        generation += 1
        pending.removeAll()
        inProgress.removeAll()
        finished.removeAll()
        return generation
    }

    /// Asks for frames of a streamed animation, most wanted first; replaces earlier ones still waiting. A frame
    /// being drawn, or drawn and not collected yet, is not drawn again. Another owner's stream is closed by the
    /// thread that opens this one.
    public func stream(_ request: StreamRequest) {
        condition.lock()
        defer { condition.unlock() }
        let owner = request.owner
        if streamWanted != owner { finishedFrames.removeAll() }  // drawn for another owner: nobody collects them
        streamWanted = owner
        if let layer = request.layer {
            streamLayer = (owner, layer)
        } else if streamLayer?.owner != owner {
            streamLayer = nil
        }
        var fresh = request
        fresh.frames = request.frames.filter { frame in
            if case .lent(owner, frame) = streamHolder { return false }
            return !finishedFrames.contains { $0.frame == frame }
        }
        streamPending = fresh.frames.isEmpty ? nil : fresh
        condition.broadcast()
    }

    /// `owner`'s stream is no longer wanted: a thread closes it (one drawing with it closes it when done).
    public func endStream(_ owner: StreamOwner) {
        condition.lock()
        defer { condition.unlock() }
        guard streamWanted == owner else { return }
        streamWanted = nil
        streamPending = nil
        streamLayer = nil
        finishedFrames.removeAll()
        if case .idle(let stream, _) = streamHolder {
            streamHolder = .none
            streamClosing = stream
            condition.broadcast()
        }
    }

    /// Draws `frame` as a sprite with `layer` over it on a thread; collected with the streamed frames.
    public func flatten(_ frame: DrawnFrame, layer: any PlaneMemory, target: PrerenderTarget, generation: Int) {
        condition.lock()
        defer { condition.unlock() }
        toFlatten.append((frame, layer, target, generation))
        condition.broadcast()
    }

    /// Takes the streamed frames drawn for `generation` since the last call and the lines their drawing logged, and
    /// the frames flattened for it.
    public func collectFrames(generation asked: Int) -> (frames: [DrawnFrame], problems: [String]) {
        condition.lock()
        defer { condition.unlock() }
        var done: (frames: [DrawnFrame], problems: [String]) = ([], [])
        if !flattened.isEmpty {
            done.frames = flattened.filter { $0.generation == asked }.map(\.frame)
            flattened.removeAll()
        }
        guard streamWanted?.generation == asked else { return done }
        done.frames += finishedFrames
        done.problems = streamProblems
        finishedFrames.removeAll(keepingCapacity: true)
        streamProblems.removeAll()
        return done
    }

    /// Ends the thread after the banner in progress.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    /// What a thread takes next: a stream to close, a frame of the streamed animation (it is on screen, and due
    /// soon) with the stream open for it and another owner's to close, else the most wanted banner.
    private enum Work {
        case banner(Int)
        case frame(StreamRequest, frame: Int, stream: StreamDrawer?, closing: StreamDrawer?, layer: (any PlaneMemory)?)
        case close(StreamDrawer)
        case flatten(DrawnFrame, layer: any PlaneMemory, target: PrerenderTarget, generation: Int)
    }

    /// The next work, taken off the queues; nil when there is none. Called with `condition` locked.
    private func takeWork() -> Work? {
        if let closing = streamClosing {
            streamClosing = nil
            return .close(closing)
        }
        if !toFlatten.isEmpty {
            let job = toFlatten.removeFirst()
            return .flatten(job.frame, layer: job.layer, target: job.target, generation: job.generation)
        }
        if let asked = streamPending, let frame = asked.frames.first {
            var stream: StreamDrawer?
            var closing: StreamDrawer?
            switch streamHolder {
            case .lent: return pendingBanner()  // one thread at a time draws with the stream
            case .idle(let open, asked.owner): stream = open
            case .idle(let other, _): closing = other
            case .none: break
            }
            var rest = asked
            rest.frames.removeFirst()
            streamPending = rest.frames.isEmpty ? nil : rest
            streamHolder = .lent(asked.owner, frame: frame)
            let layer = streamLayer?.owner == asked.owner ? streamLayer?.memory : nil
            if layer != nil { streamLayer = nil }
            return .frame(asked, frame: frame, stream: stream, closing: closing, layer: layer)
        }
        return pendingBanner()
    }

    /// The most wanted banner, taken off the queue. Called with `condition` locked.
    private func pendingBanner() -> Work? {
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
            case .frame(let request, let frame, let stream, let closing, let layer):
                draw(frame, of: request, stream: stream, closing: closing, layer: layer, with: renderer)
            case .close:
                condition.unlock()  // the stream closes as `work` goes, the lock released
            case .flatten(let frame, let layer, let target, let generation):
                condition.unlock()
                let drawn = frame.flattened(layer: layer, for: target)
                condition.lock()
                if let drawn { flattened.append((generation, drawn)) }
                condition.unlock()
                if drawn != nil { wake() }
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

    /// Draws frame `frame` asked by `request` with `stream` (opened anew when nil), after closing `closing` (another
    /// owner's) and writing the banner's `layer` on the planes if it is due; called with `condition` locked, returns
    /// with it unlocked. The stream goes back for the next frame, whichever thread draws it, while its owner still
    /// wants it; else this thread closes it.
    private func draw(
        _ frame: Int, of request: StreamRequest, stream: StreamDrawer?, closing: consuming StreamDrawer?,
        layer: (any PlaneMemory)?, with renderer: BannerRenderer
    ) {
        condition.unlock()
        _ = consume closing
        let opened =
            stream ?? StreamDrawer(banner: request.banner, request.content, renderer: renderer, for: request.target)
        if let layer { opened?.writeLayer(into: layer) }
        let drawn =
            if let plane = request.planes[frame] {
                opened?.planeFrame(frame, into: plane)
            } else {
                opened?.frame(frame, renderer: renderer, target: request.target)
            }
        let problems = opened?.takeProblems() ?? []
        condition.lock()
        streamHolder = .none
        var unwanted: StreamDrawer?
        if streamWanted == request.owner {
            if let opened { streamHolder = .idle(opened, request.owner) }
            if let drawn { finishedFrames.append(drawn) }
            streamProblems += problems
        } else {
            unwanted = opened
        }
        let wanted = streamWanted == request.owner
        condition.broadcast()  // a thread may wait for the stream to come back
        condition.unlock()
        _ = consume unwanted  // closed here, the lock released
        if wanted, drawn != nil || !problems.isEmpty { wake() }
    }
}
