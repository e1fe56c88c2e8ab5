import BackgroundJobs
import BannerContent
import BannerdConfig
import CarouselEngine
import CarouselRendering
import ChildProcess
import ControlProtocol
import DisplaySelection
import EventLoop
import FrameLoop
import Glibc
import GlyphText
import InputTranslation
import KMSDisplay
import LibinputSource
import Metrics
import MonotonicTime
import PrerenderThreads
import ProofOfPlay
import Raster
import ServiceIO
import VirtualTerminal

/// The appliance's single event loop: one poll() over the display, input, signals, the worker threads'
/// wake-ups and the control socket; it sleeps when the carousel rests and draws only when the picture changes.
final class MainLoop: LoopWorld {
    struct Settings {
        var display: DisplayConfiguration
        /// nil: what the display's plane scans out (`ScanoutFormat.choose`).
        var format: PixelFormat?
        /// Whether a moving carousel pans the display or composes each frame.
        var scanout: ScanoutSetting
        var fbdevPath: String
        var scale: Double?
        var metrics: CarouselMetrics
        /// Whose clock autoplay follows.
        var sync: AutoplaySync
        var background: Color
        var fonts: FontPaths
        var seat: String
        var calibration: CalibrationMatrix
        var controlPath: String?
        var terminalPath: String?
        /// nil: the built-in demo banners.
        var contentDirectory: String?
        /// When the screen is lit; nil: always.
        var schedule: ScreenSchedule?
        /// bannerd.toml's `[actions]`: what a tap may run, by name.
        var actions: [String: [String]] = [:]
        /// Where the Prometheus textfile goes; nil: nowhere.
        var metricsTextfile: String?
        /// Where the proof-of-play files go and for how long; nil: none kept.
        var proofOfPlay: PlayLogFiles?
        /// The TV over HDMI-CEC.
        var cec: CECSettings

        /// Where the carousel's clock sits on the wall clock's now, when autoplay follows the wall clock.
        var wallOffset: Duration? { sync == .wallClock ? MonotonicClock.wallOffset() : nil }
    }

    /// The display, or what the loop waits for while there is none (the carousel's clock keeps running meanwhile).
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

    let settings: Settings
    var displayState: DisplayState
    let connections: LoopConnections
    let threads: LoopThreads
    /// The display; nil while none is connected.
    var screen: Screen? { displayState.screen }
    var waitingFor: String? { displayState.waitingFor }
    /// Shows a moving carousel by panning; nil while the display is not panned.
    var panner: StripPanner?
    /// Counts the loop keeps for the metrics, and when to write them.
    var metrics: LoopMetrics
    /// READY=1 and the warnings that must not repeat.
    var saidOnce = SaidOnce()
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
    let started: Duration
    private var poller = Poller()
    /// `ctl screenshot` clients waiting for the next frame presented.
    var screenshotRequests: [ControlServer.Client] = []
    /// Reloaded content waiting for its banners to be rendered before it goes on screen (`+ContentSwap`).
    var staged: Staged<Showing>?
    /// Probing for a display, reloading content, the screen's power: decided there, done here.
    var chores: LoopChores
    /// The TV over HDMI-CEC; nil while CEC is off (configured so, or no adapter found).
    var tv: TVLink?
    /// Whether `[cec] device = "auto"` has looked for the display's adapter (once: at the first display opened).
    var tvLookedFor = false

    init(settings: Settings) throws {
        self.settings = settings
        // Signals first: a SIGTERM during start-up must still restore the screen.
        let signals = try SignalWatcher()
        started = MonotonicClock.now()
        chores = LoopChores(schedule: settings.schedule, now: started)
        let clockChanges = Self.watchClockChanges()
        let terminal = Self.takeOverTerminal(settings)
        let hotplug = Self.openHotplugMonitor()
        let opened = Self.openScreen(settings)
        displayState = opened
        let screen = opened.screen
        let layout = try screen?.layout ?? Screen.provisionalLayout(settings)
        let wakeSignal = try WakeSignal()
        let threads = try LoopThreads(fonts: settings.fonts, waking: wakeSignal)
        self.threads = threads
        metrics = LoopMetrics(now: started)
        metrics.counts.version = BannerdVersion.current
        metrics.counts.startTime = Double(time(nil))
        let format = screen?.device.format ?? settings.format ?? .xrgb8888
        // Read here, before the first frame: nothing is on screen to hold up.
        let read = Self.readContent(settings.contentDirectory, actions: Set(settings.actions.keys))
        let loaded = Self.accepted(Self.update(from: read, showing: [])) ?? []
        showing = Showing(loaded, now: started, reading: Self.clockReading()) { banners in
            CarouselPresenter(
                banners: banners, layout: layout, rotation: screen?.rotation ?? .none, format: format,
                background: settings.background, rendering: .worker(threads.worker))
        }
        let banners = showing.banners
        // Resting since now: autoplay's first interval starts with the first frame, not at boot.
        let carousel = banners.carousel(
            layout: layout, metrics: settings.metrics, time: started, wallOffset: settings.wallOffset)
        let pacing = screen.map { Pacing($0.device.pacing) } ?? .timer
        frames = FrameDriver(scheduler: FrameScheduler(carousel: carousel, pacing: pacing))
        if let screen { Self.logTimerPacing(screen) }  // decided at open (fbdev, a nonsense refresh)
        let input = Self.openInput(settings, screen: screen)
        let control = Self.openControl(settings)
        let contentWatcher = Self.watchContent(settings)
        let notifier = Self.openNotifier()
        connections = LoopConnections(
            signals: signals, wakeSignal: wakeSignal, hotplug: hotplug, contentWatcher: contentWatcher,
            clockChanges: clockChanges, input: input, control: control, actions: Self.makeActionRunner(),
            terminal: terminal, notifier: notifier)
        if let screen { openTV(for: screen) }
        Log.info(
            "display \(screen?.summary ?? "none yet"), scale \(layout.scale), \(banners.count) banner(s), "
                + "touch: \(input.map { "\($0.devices.count) device(s) on \($0.seat)" } ?? "unavailable")")
    }

    /// The pre-render threads, each with a renderer of its own built on it (FreeType faces and the glyph cache are
    /// single-threaded), waking the loop through `signal` after each banner; font problems are logged once, by the
    /// first thread.
    static func startPrerenderWorker(
        fonts: FontPaths, threads: Int = PrerenderWorker.defaultThreads, waking signal: WakeSignal
    ) throws -> PrerenderWorker {
        try PrerenderWorker(
            threads: threads,
            makeRenderer: { thread in try ContentOptions.makeRenderer(fonts: fonts, logProblems: thread == 0) },
            wake: { signal.wake() })
    }

    /// Runs until SIGTERM or SIGINT; the screen is restored on the way out.
    func run() throws {
        defer { shutdown() }
        if screen != nil {
            presenter.focus(on: scheduler.carousel)
        } else {
            announceReady()  // started, waiting for the display: STATUS= says for what
        }
        step(at: MonotonicClock.now())
        var stopping = false
        while !stopping {
            connections.collect(
                into: &poller.descriptors, display: screen?.device.pollDescriptor, tv: tv?.fileDescriptor)
            let now = MonotonicClock.now()
            let ready = try poller.wait(until: nextDeadline(now: now), now: now)
            stopping = handle(ready)
            step(at: MonotonicClock.now())
        }
    }

    /// Handles what woke the loop; true when a signal asks it to stop.
    private func handle(_ ready: [Int32]) -> Bool {
        var stop = false
        for fd in ready {
            if fd == connections.signals.fileDescriptor {
                stop = handleSignals() || stop
            } else if fd == connections.wakeSignal.fileDescriptor {
                connections.wakeSignal.drain()
                collectContent()
                collectStrips()
                let rendered = presenter.spriteGeneration
                // While reloaded content is staged, the banners on screen still collect their streamed frames.
                collectStaged(at: MonotonicClock.now())
                if presenter.collect(visible: scheduler.carousel.visibleViews()) { frames.requestRedraw() }
                if presenter.spriteGeneration != rendered { frames.bannersRendered() }
                sendScreenshots()
                logWriteFailures()
                releaseMemoryWhenSettled()
            } else if fd == screen?.device.pollDescriptor {
                readFlips()
            } else if let contentWatcher = connections.contentWatcher, fd == contentWatcher.fileDescriptor {
                if contentWatcher.takeChanges() { chores.contentChanged(at: MonotonicClock.now()) }
            } else if let clockChanges = connections.clockChanges, fd == clockChanges.fileDescriptor {
                clockChanged(clockChanges)
            } else if let hotplug = connections.hotplug, fd == hotplug.fileDescriptor {
                if !hotplug.receive().isEmpty { reprobeDisplay(at: MonotonicClock.now()) }
            } else if let input = connections.input, fd == input.fileDescriptor {
                readInput(input)
            } else if let tv, fd == tv.fileDescriptor {
                serviceTV(tv)
            } else {
                // Each ignores descriptors that are not its own.
                connections.control?.handleReadable(fd) { answer($0, from: $1) }
                for event in connections.actions.handleReadable(fd) { log(event) }
            }
        }
        return stop
    }

    /// Reloads on SIGHUP; true when SIGTERM or SIGINT asks the loop to stop.
    private func handleSignals() -> Bool {
        var stop = false
        for signal in connections.signals.take() {
            switch signal {
            case .interrupt, .terminate:
                Log.info("stopping on \(signal)")
                stop = true
            case .hangup:
                reloadContent()
            }
        }
        return stop
    }

    private func readFlips() {
        guard let screen else { return }
        do {
            if try frames.readFlipEvents(from: screen.device) { Self.logTimerPacing(screen) }
        } catch {
            Log.error("page flip events: \(error)")
        }
    }

    private func readInput(_ input: LibinputInput) {
        do {
            for event in try input.dispatch() {
                if let action = self.input(event, at: MonotonicClock.now()) { report(action) }
            }
        } catch {
            Log.warning("input: \(error)")
        }
    }

    /// Once the pre-renderer has caught up and nothing moves, freed heap pages go back to the system, so the
    /// resident size follows what is held rather than the high-water mark of the last burst of decodes. Never
    /// while the carousel moves: the trim walks the heap.
    private func releaseMemoryWhenSettled() {
        guard threads.worker.isIdle, !scheduler.carousel.wantsFrames else { return }
        HeapPolicy.releaseFreedMemory()
    }

    /// READY=1 once: after the first frame is on glass, or at once when the schedule has the screen dark.
    func announceReady() {
        guard saidOnce.readyFirst() else { return }
        notify { try $0.ready(status: status().systemdStatus) }
    }

    /// Pings the watchdog unless the display is hung (`DisplayHealth`): then systemd restarts bannerd.
    func watchdog(_ action: FrameDriver.WatchdogAction) {
        switch action {
        case .none:
            return
        case .ping:
            notify { try $0.send("WATCHDOG=1\nSTATUS=\(status().systemdStatus)") }
        case .withhold(let first):
            guard first else { return }
            let health = frames.health
            Log.error(
                "display \(screen?.status.card ?? "") \(screen?.status.connector ?? "") hung: no page flip completed "
                    + "for \(DisplayHealth.hungAfter) (\(health.failuresInRow) flips lost or refused in a row); "
                    + "watchdog pings withheld so that systemd restarts bannerd")
        }
    }

    /// Says once why the frames are paced by a timer, when the display's flips have shown they must be.
    static func logTimerPacing(_ screen: Screen) {
        if case .timer(_, let reason) = screen.device.pacing { Log.info("frames paced by a 60 Hz timer: \(reason)") }
    }

    /// STATUS= for `systemctl status`, after a change an operator should see at once (not at the next ping).
    func sendStatus() {
        notify { try $0.send("STATUS=\(status().systemdStatus)") }
    }

    func notify(_ body: (SystemdNotifier) throws -> Void) {
        guard let notifier = connections.notifier else { return }
        do {
            try body(notifier)
        } catch {
            Log.warning("sd_notify: \(error)")
        }
    }

    private func shutdown() {
        notify { try $0.stopping() }
        threads.worker.stop()
        threads.screenshots.stop()
        threads.content.stop()
        stopPanning()
        threads.strips.stop()
        finishPlay(at: MonotonicClock.now())
        writeMetrics()
        threads.writer.finish()  // the last metrics and the last play written are the last state
        threads.writer.stop()
        screen?.device.shutdown()
        connections.terminal?.restore()
        Log.info("screen restored; frames rendered \(scheduler.statistics.framesRendered)")
    }
}
