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

/// The appliance's single event loop: one poll() over the outputs' displays, input, signals, the worker threads'
/// wake-ups and the control socket; it sleeps when the carousels rest and draws only when a picture changes. Each
/// output (`OutputLoop`) is stepped after every wake-up.
final class MainLoop {
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
        /// The output whose carousel devices bound to none move (`[input] output`); nil: the first.
        var touchOutput: String?
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
        /// An output's own adapter, from its `[[output]]` table (`forOutput`); nil: `[cec] device`'s.
        var ownCEC: CECSettings.Device?

        /// `[[output]]`: the connectors to drive, each with what it shows unlike the others; empty: every connected one.
        var outputs: [OutputSettings] = []

        /// Where the carousel's clock sits on the wall clock's now, when autoplay follows the wall clock.
        var wallOffset: Duration? { sync == .wallClock ? MonotonicClock.wallOffset() : nil }

        /// These settings for `output` alone: its connector, and its own content, mode, rotation and scale where it
        /// has them.
        func forOutput(_ output: OutputSettings) -> Settings {
            var own = self
            own.display.connectorName = output.connector
            if let mode = output.mode { own.display.mode = mode }
            if let rotation = output.rotation { own.display.rotation = rotation }
            if let scale = output.scale { own.scale = scale }
            if let directory = output.contentDirectory { own.contentDirectory = directory }
            own.ownCEC = output.cec
            return own
        }
    }

    let settings: Settings
    let connections: LoopConnections
    /// The threads that serve every output (each output has its own: `OutputThreads`).
    let threads: LoopThreads
    /// The outputs, each with its display and carousel: every connected output of the card (the configured connector
    /// alone when one is named), and those plugged in later; never empty once made. Made by `init` and
    /// `adoptNewOutputs` (`+Outputs`) alone.
    var outputs: [OutputLoop] = []
    /// Whether an output opened its display since the loop last looked for displays plugged in beside it.
    var newOutputsDue = false
    /// Counts the loop keeps for the metrics, and when to write them.
    var metrics: LoopMetrics
    /// READY=1 and the warnings that must not repeat.
    var saidOnce = SaidOnce()
    let started: Duration
    private var poller = Poller()

    init(settings: Settings) throws {
        self.settings = settings
        // Signals first: a SIGTERM during start-up must still restore the screen.
        let signals = try SignalWatcher()
        started = MonotonicClock.now()
        let clockChanges = Self.watchClockChanges()
        let terminal = Self.takeOverTerminal(settings)
        let hotplug = Self.openHotplugMonitor()
        let displays = Self.openOutputs(settings)
        let wakeSignal = try WakeSignal()
        threads = try LoopThreads(waking: wakeSignal)
        metrics = LoopMetrics(now: started)
        metrics.counts.version = BannerdVersion.current
        metrics.counts.startTime = Double(time(nil))
        // Read here, before the first frame: nothing is on screen to hold up. Each directory once.
        let directories = Self.contentDirectories(displays.map(\.settings))
        var loaded: [String?: BannerList] = [:]
        for directory in directories {
            let read = Self.readContent(directory, actions: Set(settings.actions.keys))
            loaded[directory] = Self.accepted(Self.update(from: read, showing: [])) ?? []
        }
        let input = Self.openInput(settings, screen: displays.lazy.compactMap(\.state.screen).first)
        let control = Self.openControl(settings)
        let contentWatchers = directories.compactMap(Self.watchContent)
        let notifier = Self.openNotifier()
        connections = LoopConnections(
            signals: signals, wakeSignal: wakeSignal, hotplug: hotplug, contentWatchers: contentWatchers,
            clockChanges: clockChanges, input: input, control: control, actions: Self.makeActionRunner(),
            terminal: terminal, notifier: notifier)
        for (own, display) in displays {
            let output = try OutputLoop(
                loop: self, settings: own, opened: display, loaded: loaded[own.contentDirectory] ?? [],
                waking: wakeSignal, now: started)
            outputs.append(output)
            Log.info(
                "display \(display.screen?.summary ?? "none yet"), scale \(output.scheduler.carousel.layout.scale), "
                    + "\(output.banners.count) banner(s)")
        }
        Log.info("touch: \(input.map { "\($0.devices.count) device(s) on \($0.seat)" } ?? "unavailable")")
        touchFollowsOutputs()
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
        for output in outputs { output.start(at: MonotonicClock.now()) }
        var stopping = false
        while !stopping {
            connections.collect(into: &poller.descriptors, outputs: outputs)
            let now = MonotonicClock.now()
            let ready = try poller.wait(until: nextDeadline(now: now), now: now)
            stopping = handle(ready)
            // A flip event of one output may have been read with another's (one card, one descriptor).
            for output in outputs { output.takeFlips() }
            for output in outputs { output.step(at: MonotonicClock.now()) }
            writeMetricsIfDue(at: MonotonicClock.now())
            if newOutputsDue { adoptNewOutputs() }
        }
    }

    /// The earliest of the outputs' deadlines (no array made: this runs every frame).
    private func nextDeadline(now: Duration) -> Duration? {
        var earliest: Duration?
        for output in outputs {
            guard let deadline = output.nextDeadline(now: now) else { continue }
            earliest = min(earliest ?? deadline, deadline)
        }
        return earliest
    }

    /// WATCHDOG=1 at the first output's pace (each output keeps one; one ping per pace is enough), unless an output's
    /// display is hung (`OutputLoop.watchdog`).
    func pingWatchdog(from output: OutputLoop) {
        guard output === primary, !outputs.contains(where: \.withholdingWatchdog) else { return }
        notify { try $0.send("WATCHDOG=1\nSTATUS=\(systemdStatus)") }
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
                for output in outputs { output.collectFinished() }
                logWriteFailures()
            } else if let output = outputs.first(where: { fd == $0.screen?.device.pollDescriptor }) {
                output.readFlips()  // the others of its card take theirs after (`takeFlips`)
            } else if let watcher = connections.contentWatchers.first(where: { fd == $0.fileDescriptor }) {
                if watcher.takeChanges() {
                    for output in outputs where output.settings.contentDirectory == watcher.path {
                        output.chores.contentChanged(at: MonotonicClock.now())
                    }
                }
            } else if let clockChanges = connections.clockChanges, fd == clockChanges.fileDescriptor {
                clockChanged(clockChanges)
            } else if let hotplug = connections.hotplug, fd == hotplug.fileDescriptor {
                if !hotplug.receive().isEmpty {
                    for output in outputs { output.reprobeDisplay(at: MonotonicClock.now()) }
                }
            } else if let input = connections.input, fd == input.fileDescriptor {
                readInput(input)
            } else if let output = outputs.first(where: { fd == $0.tv?.fileDescriptor }), let tv = output.tv {
                output.serviceTV(tv)
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

    private func readInput(_ input: LibinputInput) {
        do {
            deliver(try input.dispatch())
        } catch {
            Log.warning("input: \(error)")
        }
    }

    /// READY=1 once: after the first frame is on glass, or at once when the schedule has the screen dark.
    func announceReady() {
        guard saidOnce.readyFirst() else { return }
        notify { try $0.ready(status: systemdStatus) }
    }

    /// STATUS= for `systemctl status`, after a change an operator should see at once (not at the next ping).
    func sendStatus() {
        notify { try $0.send("STATUS=\(systemdStatus)") }
    }

    func notify(_ body: (SystemdNotifier) throws -> Void) {
        guard let notifier = connections.notifier else { return }
        do {
            try body(notifier)
        } catch {
            Log.warning("sd_notify: \(error)")
        }
    }

    /// The status line systemd shows: the first output's.
    var systemdStatus: String { primary.status().systemdStatus }

    private func shutdown() {
        notify { try $0.stopping() }
        let now = MonotonicClock.now()
        threads.content.stop()
        for output in outputs { output.shutdown(at: now) }
        writeMetrics()
        threads.writer.finish()  // the last metrics and the last play written are the last state
        threads.writer.stop()
        for output in outputs { output.closeDisplay() }
        connections.terminal?.restore()
        let frames = outputs.map { String($0.scheduler.statistics.framesRendered) }.joined(separator: ", ")
        Log.info("screen restored; frames rendered \(frames)")
    }
}
