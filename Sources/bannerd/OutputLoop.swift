import BannerContent
import CarouselEngine
import CarouselRendering
import ControlProtocol
import DisplaySelection
import EventLoop
import FrameLoop
import KMSDisplay
import Metrics
import MonotonicTime
import PrerenderThreads
import ServiceIO

/// One output of the appliance: its display, its carousel and frames, the banners it shows and renders, its screen
/// schedule, proof of play and screenshots. `MainLoop` owns the poll and what all outputs share (the connections,
/// the content, the metrics file, the writer); each step of an output is `LoopWorld.step`.
final class OutputLoop: LoopWorld {
    /// The display, or what the output waits for while there is none (the carousel's clock keeps running meanwhile).
    enum DisplayState {
        case connected(Screen)
        /// For the log, `STATUS=` and `ctl status`.
        case waiting(for: String)

        var screen: Screen? {
            if case .connected(let screen) = self { return screen }
            return nil
        }

        var waitingFor: String? {
            if case .waiting(let reason) = self { return reason }
            return nil
        }
    }

    /// The loop this output is stepped by: what the outputs share (the loop owns its outputs and outlives them).
    unowned let loop: MainLoop
    let settings: MainLoop.Settings
    var displayState: DisplayState
    /// The connector this output shows on. Nil until its first display is opened when no connector is configured and
    /// none was connected at start: it then shows the first one found.
    var connector: String?
    /// Whether its display is hung and the watchdog must not be pinged (`DisplayHealth`).
    private(set) var withholdingWatchdog = false
    /// The threads that render, pan and screenshot for this output alone.
    let threads: OutputThreads
    /// The display; nil while none is connected.
    var screen: Screen? { displayState.screen }
    var waitingFor: String? { displayState.waitingFor }
    /// Shows a moving carousel by panning; nil while the display is not panned.
    var panner: StripPanner?
    /// The banner in the centre of the lit screen, turned into proof-of-play records (`+ProofOfPlay`).
    var plays = PlayKeeping()
    /// The scheduler and what the display's flips mean for it (one owner of the flip: the display).
    var frames: FrameDriver
    /// The frame scheduler, inside `frames` (which changes it).
    var scheduler: FrameScheduler { frames.scheduler }
    /// What is on screen: the banners, their schedules and the presenter (the carousel is `scheduler`'s).
    var showing: Showing
    /// The banners the carousel holds.
    var banners: BannerList { showing.banners }
    var presenter: CarouselPresenter { showing.presenter }
    /// `ctl screenshot` clients waiting for the next frame presented.
    var screenshotRequests: [ControlServer.Client] = []
    /// `ctl capture` clients waiting for the next frame presented, read back from glass.
    var captureRequests: [ControlServer.Client] = []
    /// Reloaded content waiting for its banners to be rendered before it goes on screen (`+ContentSwap`).
    var staged: Staged<Showing>?
    /// Probing for a display, reloading content, the screen's power: decided there, done here.
    var chores: LoopChores
    /// The TV over HDMI-CEC; nil while CEC is off (configured so, or no adapter found).
    var tv: TVLink?
    /// The counts the metrics report for this output that the loop keeps (the frame scheduler keeps the others).
    var counts = OutputMetrics()
    /// Whether `[cec] device = "auto"` has looked for the display's adapter (once: at the first display opened).
    var tvLookedFor = false

    /// An output showing `loaded` on the display `opened` (or waiting for one), resting since `now`.
    init(
        loop: MainLoop, settings: MainLoop.Settings, opened: DisplayState, loaded: BannerList, waking: WakeSignal,
        now: Duration
    ) throws {
        self.loop = loop
        self.settings = settings
        displayState = opened
        connector =
            opened.screen.flatMap { $0.device is DRMDisplay ? $0.status.connector : nil }
            ?? settings.display.connectorName
        chores = LoopChores(schedule: settings.schedule, now: now)
        let screen = opened.screen
        let layout = try screen?.layout ?? Screen.provisionalLayout(settings)
        let threads = try OutputThreads(fonts: settings.fonts, waking: waking)
        self.threads = threads
        let format = screen?.device.format ?? settings.format ?? .xrgb8888
        showing = Showing(loaded, now: now, reading: MainLoop.clockReading()) { banners in
            CarouselPresenter(
                banners: banners, layout: layout, rotation: screen?.rotation ?? .none, format: format,
                background: settings.background, rendering: .worker(threads.worker))
        }
        // Resting since now: autoplay's first interval starts with the first frame, not at boot.
        let carousel = showing.banners.carousel(
            layout: layout, metrics: settings.metrics, time: now, wallOffset: settings.wallOffset)
        let pacing = screen.map { Pacing($0.device.pacing) } ?? .timer
        frames = FrameDriver(scheduler: FrameScheduler(carousel: carousel, pacing: pacing))
        if let screen { Self.logTimerPacing(screen) }  // decided at open (fbdev, a nonsense refresh)
        giveVideoPlanes()
    }

    /// The first step: the banners around the centre asked for, or READY=1 while the display is awaited.
    func start(at now: Duration) {
        if let screen {
            openTV(for: screen)
            presenter.focus(on: scheduler.carousel)
        } else {
            loop.announceReady()  // started, waiting for the display: STATUS= says for what
        }
        step(at: now)
    }

    /// The pre-render threads, the strip thread or the screenshot thread woke the loop: what they finished.
    func collectFinished() {
        collectStrips()
        let rendered = presenter.spriteGeneration
        // While reloaded content is staged, the banners on screen still collect their streamed frames.
        collectStaged(at: MonotonicClock.now())
        if presenter.collect(visible: scheduler.carousel.visibleViews()) { frames.requestRedraw() }
        if presenter.spriteGeneration != rendered { frames.bannersRendered() }
        sendScreenshots()
        releaseMemoryWhenSettled()
    }

    /// The display's descriptor was readable: its page-flip events, for every output of the card.
    func readFlips() {
        guard let screen else { return }
        do {
            if try frames.readFlipEvents(from: screen.device) { Self.logTimerPacing(screen) }
        } catch {
            Log.error("page flip events: \(error)")
        }
    }

    /// Its flip's completion, when another output of the card (or a blocking wait of one) read the event.
    func takeFlips() {
        guard let screen else { return }
        if frames.takeFlipCompletion(from: screen.device) { Self.logTimerPacing(screen) }
    }

    /// Once the pre-renderer has caught up and nothing moves, freed heap pages go back to the system, so the
    /// resident size follows what is held rather than the high-water mark of the last burst of decodes. Never
    /// while the carousel moves: the trim walks the heap.
    private func releaseMemoryWhenSettled() {
        guard threads.worker.isIdle, !scheduler.carousel.wantsFrames else { return }
        HeapPolicy.releaseFreedMemory()
    }

    /// Pings the watchdog unless a display is hung (`DisplayHealth`): then systemd restarts bannerd.
    func watchdog(_ action: FrameDriver.WatchdogAction) {
        switch action {
        case .none:
            return
        case .ping:
            withholdingWatchdog = false
            loop.pingWatchdog(from: self)
        case .withhold(let first):
            withholdingWatchdog = true
            guard first else { return }
            let health = frames.health
            Log.error(
                "display \(screen?.status.card ?? "") \(screen?.status.connector ?? "") hung: no page flip completed "
                    + "for \(DisplayHealth.hungAfter) (\(health.failuresInRow) flips lost or refused in a row); "
                    + "watchdog pings withheld so that systemd restarts bannerd")
        }
    }

    /// This output in `ctl status`'s list.
    var outputStatus: StatusReport.Output {
        let carousel = scheduler.carousel
        return StatusReport.Output(
            name: name, index: carousel.index, count: carousel.count,
            phase: carousel.phase.rawValue, framesRendered: scheduler.statistics.framesRendered,
            framesLate: scheduler.statistics.framesLate, flipsLost: scheduler.statistics.flipTimeouts,
            placeholdersOnScreen: presenter.placeholdersOnScreen,
            mode: screen?.status.mode, waitingFor: waitingFor, screen: screenStatus.rawValue,
            tvPower: tv?.control.tvPower.rawValue)
    }

    /// The name `ctl screenshot` and the proof-of-play records know this output by.
    var name: String { connector ?? screen?.status.connector ?? "any" }

    /// Says once why the frames are paced by a timer, when the display's flips have shown they must be.
    static func logTimerPacing(_ screen: Screen) {
        if case .timer(_, let reason) = screen.device.pacing { Log.info("frames paced by a 60 Hz timer: \(reason)") }
    }

    /// The output stops: the banner on screen ends its play, the threads stop, the display is given back.
    func shutdown(at now: Duration) {
        threads.worker.stop()
        threads.screenshots.stop()
        stopPanning()
        threads.strips.stop()
        finishPlay(at: now)
    }

    /// The display given back, after the last metrics and play are written.
    func closeDisplay() {
        screen?.device.shutdown()
    }
}
