import CarouselEngine
import DisplaySelection
import ProofOfPlay
import Raster
import WallClock

/// One wake-up of the appliance loop, in the order `bannerd run` keeps, for any world that carries out what it
/// decides: `MainLoop` (the display, files, systemd) or the tests' simulated world (a fake display on a manual
/// clock). The order and the decisions are here, in this protocol's extension; a world only performs the effects
/// (the hooks below). Each access to the loop's state ends before a hook is called, so a hook may change it (a
/// reload that finds nothing on glass swaps the new carousel in at once).
public protocol LoopWorld: AnyObject {
    /// The frames: the scheduler, the display's flips, its health and the watchdog's pace.
    var frames: FrameDriver { get set }
    /// Probing for a display, reloading content, the screen's power.
    var chores: LoopChores { get set }
    /// The banner on glass as proof of play sees it.
    var glass: GlassWatch { get set }
    /// What banners are drawn with.
    var pictures: any LoopPictures { get }
    /// The display; nil while none is connected.
    var scanout: (any ScanoutDevice)? { get }
    /// How many banners the carousel's indices name, and which generation of them (`GlassSeen`).
    var shownBanners: (count: Int, generation: Int) { get }
    /// What a reload gives the world to show: its banners, as the world keeps them.
    associatedtype StagedBanners
    /// Reloaded content waiting to take over (`LoopWorld+Staging`); nil when there is none.
    var staged: Staged<StagedBanners>? { get set }
    /// systemd's watchdog interval; nil without a watchdog.
    var watchdogInterval: Duration? { get }
    /// The parts of the deadline only the world knows: a schedule's edge, the metrics' write, the TV's next read.
    func otherDeadlines(now: Duration) -> (scheduleEdge: Duration?, metrics: Duration?, tv: Duration?)

    /// The local time, read only when a schedule needs it.
    func localTime() -> LocalTime
    /// Closes the display if it was unplugged; `scanout` is nil from then on.
    func closeDisplayIfUnplugged()
    /// Opens the display if one is connected (`scanout` from then on), nil if none is.
    func openDisplay() -> (any ScanoutDevice)?
    /// The display just opened is drawn anew on the next frame (`timerPacing`: it has no page-flip events, and a
    /// timer paces the frames).
    func displayOpened(timerPacing: Bool)
    /// Carries out what the chores decided.
    func perform(_ effect: LoopChores.Effect)
    /// A carousel of the banners shown, at rest on `carousel`'s banner since `now`, as the world builds one (its
    /// configuration, the banners' own intervals, the operator's pause).
    func freshCarousel(like carousel: Carousel, at now: Duration) -> Carousel
    /// The screen is dark this step (its schedule).
    func screenIsDark()
    /// Changes the banners at a schedule's edge, when the carousel can change unseen.
    func applySchedules(at now: Duration)
    /// Shows the carousel's frame as a window of a ready strip; nil: compose it.
    func pan(_ carousel: Carousel) throws -> PresentOutcome?
    /// What the frame of this step did; `autoplayWaitBegan` when autoplay first waited for a banner in it.
    func framed(_ result: FrameDriver.FrameResult, autoplayWaitBegan: Bool, at now: Duration)
    /// Presenting the frame failed; `planesGivenUp` when a video played on the overlay planes: every video is
    /// composed from then on, on this display.
    func frameFailed(_ error: any Error, planesGivenUp: Bool)
    /// After the frame on a lit screen, and the banners around it focused: what else the world prepares ahead
    /// (strips to pan).
    func prepareAhead()
    /// A carousel of `banners` at rest on the banner `shown` shows (the first when they do not have it), since
    /// `shown` came to rest: a banner that stays keeps its time.
    func carousel(of banners: StagedBanners, restingOn shown: Carousel) -> Carousel
    /// Keeps the staged banners around `staged.carousel` rendering; true when they are all rendered
    /// (`PrerenderWindow`).
    func focusStaged(_ staged: Staged<StagedBanners>) -> Bool
    /// The staged content on screen from now on: its banners, its carousel, a new generation for proof of play.
    func take(_ staged: Staged<StagedBanners>, at now: Duration)
    /// The banner on glass changed (`GlassWatch.look`).
    func glassChanged(_ seen: GlassSeen, cause: PlayCause, at now: Duration)
    /// The end of the step: what the world reports or writes at its own pace (metrics).
    func stepEnded(at now: Duration)
    /// What the watchdog's pace says now (never `.none`).
    func watchdog(_ action: FrameDriver.WatchdogAction)
}

extension LoopWorld {
    /// One step: the chores, the schedules, the frame, staged content, the glass, the watchdog.
    public func step(at now: Duration) {
        let effects = chores.step(at: now, local: localTime(), hasDisplay: scanout != nil)
        for effect in effects {
            if effect == .setPower(lit: true) {
                // A fresh carousel on the same banner: autoplay waits its full interval from now, not since the
                // screen went dark, and the first frame redraws the whole screen. Before the world switches the
                // power, so that what it reports then (the status) is the carousel the screen will show.
                let fresh = freshCarousel(like: frames.scheduler.carousel, at: now)
                frames.replace(fresh)
            }
            perform(effect)
        }
        if !chores.lit { screenIsDark() }
        if !isStaging { applySchedules(at: now) }
        if chores.lit {
            // With no display, nothing is on screen to play.
            if scanout != nil {
                switch pictures.advanceAnimations(frames.scheduler.carousel, at: now) {
                case .frame: frames.requestRedraw()
                case .overlays: frames.requestOverlayFlip()
                case .none: break
                }
            }
            drawFrame(at: now)
            // Without a display the layout is provisional and is replaced on connect: rendering for it would only
            // keep the renderer busy when the real banners are wanted. While content is staged, its banners are.
            if scanout != nil, !isStaging {
                let rendered = pictures.spriteGeneration
                pictures.focus(on: frames.scheduler.carousel)
                if pictures.spriteGeneration != rendered { frames.bannersRendered() }
            }
            prepareAhead()
        }
        swapInStagedWhenDue(at: now)
        lookAtGlass(at: now)
        stepEnded(at: now)
        if let interval = watchdogInterval {
            let action = frames.watchdog(at: now, interval: interval, display: scanout)
            if action != .none { watchdog(action) }
        }
    }

    /// The latest moment the loop may sleep until at `now`; nil: until a descriptor is readable.
    public func nextDeadline(now: Duration) -> Duration? {
        let others = otherDeadlines(now: now)
        return LoopDeadline(
            frames: frames.nextDeadline(display: scanout),
            animation: scanout == nil ? nil : pictures.nextAnimationFrame,
            lit: chores.lit,
            chores: chores.deadline(now: now, local: localTime(), hasDisplay: scanout != nil),
            scheduleEdge: others.scheduleEdge, stagingPatience: staged?.swap.deadline,
            watchdog: watchdogInterval.map { _ in frames.watchdogDeadline }, metrics: others.metrics, tv: others.tv
        ).earliest(now: now)
    }

    /// Input for the carousel: swallowed when it only wakes a dark screen; else the next banner on glass came by
    /// it. Returns what a tap asks for.
    public func input(_ event: InputEvent, at now: Duration) -> CarouselAction? {
        if chores.input(at: now, local: localTime()) { return nil }
        glass.moved(by: PlayCause(event))
        return frames.handle(event)
    }

    private func drawFrame(at now: Duration) {
        let waits = frames.scheduler.statistics.autoplayWaits
        let result: FrameDriver.FrameResult
        do {
            result = try frames.frame(at: now, on: scanout, isReady: pictures.isRendered, pan: pan) {
                buffer, carousel in
                pictures.drawChanges(carousel.visibleViews(), into: buffer)
            }
        } catch {
            // A commit with the planes that the driver refused: the composed path shows the same picture, drawn
            // whole at the step after (the planes are off from that flip).
            let onPlanes = pictures.videosOnPlanes
            if onPlanes {
                pictures.giveUpPlanes()
                frames.requestRedraw()
            }
            frameFailed(error, planesGivenUp: onPlanes)
            return
        }
        framed(result, autoplayWaitBegan: waits == 0 && frames.scheduler.statistics.autoplayWaits > 0, at: now)
    }

    private func lookAtGlass(at now: Duration) {
        let carousel = frames.scheduler.carousel
        let shown = shownBanners
        guard
            let (seen, cause) = glass.look(
                glass: frames.scheduler.glass, onGlass: chores.lit && scanout != nil,
                count: min(carousel.count, shown.count), generation: shown.generation,
                autoplayMoves: carousel.autoplayMoves, isRendered: pictures.isRendered)
        else { return }
        glassChanged(seen, cause: cause, at: now)
    }
}

extension PlayCause {
    /// How an input event moves the carousel.
    public init(_ event: InputEvent) {
        if case .key = event { self = .key } else { self = .touch }
    }
}
