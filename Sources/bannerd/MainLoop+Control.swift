import BannerContent
import CarouselEngine
import CarouselRendering
import ControlProtocol
import EventLoop
import FileAccess
import InputTranslation
import KMSDisplay
import LibinputSource
import MonotonicTime
import Raster
import ServiceIO
import SystemCalls
import VirtualTerminal

/// Opening the optional parts, control commands, status and content reload.
extension MainLoop {
    /// Touch is optional: a kiosk without a panel (or with it unplugged) still shows the carousel.
    /// Each device an `[[output]]` names (`touch`) moves that output's carousel unless udev binds it elsewhere.
    static func openInput(_ settings: Settings, screen: Screen?) -> LibinputInput? {
        let named = settings.outputs.compactMap { output in output.touch.map { ($0, output.connector) } }
        do {
            let input = try LibinputInput(
                seat: settings.seat, transform: Screen.touchTransform(screen, calibration: settings.calibration),
                deviceOutputs: Dictionary(named, uniquingKeysWith: { first, _ in first }))
            _ = try input.dispatch()  // the initial device-added events
            return input
        } catch {
            Log.warning("touch and keys unavailable: \(error)")
            return nil
        }
    }

    /// Display hotplug is optional: without it a display plugged in later is found by the next probe.
    static func openHotplugMonitor() -> DRMHotplugMonitor? {
        do {
            return try DRMHotplugMonitor()
        } catch {
            Log.warning("display hotplug events unavailable: \(error)")
            return nil
        }
    }

    /// The VT is optional too: none under ssh or in tests, and a kiosk still works if it cannot be switched.
    static func takeOverTerminal(_ settings: Settings) -> VirtualTerminal? {
        do {
            return try VirtualTerminal.takeOver(path: settings.terminalPath)
        } catch {
            Log.warning("console left in text mode: \(error)")
            return nil
        }
    }

    /// Watches the content directory for changes; nil for the built-in demo content or a directory not there yet.
    static func watchContent(_ directory: String?) -> DirectoryWatcher? {
        guard let directory, LocalFiles().exists(directory) else {
            return nil
        }
        do {
            return try DirectoryWatcher(path: directory)
        } catch {
            Log.warning("content changes need SIGHUP or `bannerd ctl reload`: \(error)")
            return nil
        }
    }

    static func openControl(_ settings: Settings) -> ControlServer? {
        guard let path = settings.controlPath else { return nil }
        let directory = String(path[..<(path.lastIndex(of: "/") ?? path.startIndex)])
        if !directory.isEmpty, !LocalFiles().exists(directory) {
            // Outside systemd (whose RuntimeDirectory= makes /run/bannerd) this is expected, not a fault.
            Log.info("no control socket: \(directory) does not exist (--control PATH chooses another)")
            return nil
        }
        do {
            return try ControlServer(path: path)
        } catch {
            Log.error("control socket unavailable: \(error)")
            return nil
        }
    }

    static func openNotifier() -> SystemdNotifier? {
        do {
            return try SystemdNotifier(environment: processEnvironment())
        } catch {
            Log.warning("sd_notify unavailable: \(error)")
            return nil
        }
    }

    /// The reply to a control command; nil when it comes later (a screenshot, with the next frame). A command that
    /// moves or pauses the carousel moves every output's (the board's screens stay alike); `status` is the first
    /// output's figures with every output listed; `screenshot` and `capture` take an output's name.
    func answer(_ command: Result<ControlCommand, ControlCommand.ParseError>, from client: ControlServer.Client)
        -> ControlReply?
    {
        switch command {
        case .failure(let error):
            return ControlReply("error: \(error)")
        case .success(.reload):
            reloadContent()
        case .success(.status):
            return ControlReply(primary.status().json)
        case .success(.screenshot(let name)), .success(.capture(let name)):
            guard let output = name.map({ name in outputs.first { $0.name == name } }) ?? primary else {
                let names = outputs.map(\.name).joined(separator: ", ")
                return ControlReply("error: no output \(name ?? "") (outputs: \(names))")
            }
            let glass = if case .success(.capture) = command { true } else { false }
            return output.requestScreenshot(for: client, glass: glass)
        case .success(let command):
            let now = MonotonicClock.now()
            for output in outputs {
                if let error = output.move(command, at: now) { return ControlReply("error: \(error)") }
            }
        }
        return ControlReply("ok")
    }

    /// Reads every output's content again (SIGHUP, `ctl reload`): each directory once.
    func reloadContent() {
        for directory in Self.contentDirectories(outputs.map(\.settings)) { reloadContent(of: directory) }
    }

    /// Reads `directory` again, off the loop (`LoopThreads.content`: a large manifest, a video's container read
    /// whole for its length, a slow card never hold up a frame), for the outputs that show it; staged once read
    /// (`collectContent`).
    func reloadContent(of directory: String?) {
        // One reload per request: changes seen before the directory is read are in this reload, so neither their
        // queued events nor a pending debounce may start a second one (a sync job writes, then says `reload`).
        // Taken before reading, so a write that lands while reading still triggers its own reload.
        for watcher in connections.contentWatchers where watcher.path == directory { _ = watcher.takeChanges() }
        for output in outputs where output.settings.contentDirectory == directory { output.chores.contentReloaded() }
        metrics.counts.contentReloads += 1
        metricsChanged()
        let actions = Set(settings.actions.keys)
        // A request while another waits to be read replaces it: the directory is read once for both.
        threads.content.submit(key: "reload \(directory ?? "")") { Self.readContent(directory, actions: actions) }
    }

    /// The reloads read since the last wake-up, each for the outputs that show its directory: the banner on screen
    /// stays when it still exists. A broken update (unreadable manifest, syntax error, nothing valid) keeps the
    /// banners shown; banners with a missing image are left out.
    func collectContent() {
        for read in threads.content.collect() {
            let showing = outputs.filter { $0.settings.contentDirectory == read.directory }
            guard let shown = showing.first else { continue }  // an output that went away
            guard let fresh = Self.accepted(Self.update(from: read, showing: shown.banners)) else {
                metrics.counts.contentReloadFailures += 1
                metricsChanged()
                continue
            }
            for output in showing {
                output.plays.glass.moved(by: .reload)
                // On screen once the banners around the centre are rendered, at the carousel's next rest.
                output.stage(fresh, at: MonotonicClock.now())
            }
            Log.info(
                "content reloaded: \(fresh.count) banner(s)"
                    + (outputs.count > showing.count ? " for \(showing.map(\.name).joined(separator: ", "))" : ""))
        }
    }

    /// What a load of the content finds (`readContent`), for `update` to decide on.
    enum ReadContent: Sendable {
        /// No content directory is configured.
        case none
        /// The configured directory does not exist.
        case missing(directory: String)
        case loaded(ContentLoadResult, directory: String)

        /// The directory read; nil for the built-in demo banners.
        var directory: String? {
            switch self {
            case .none: return nil
            case .missing(let directory), .loaded(_, let directory): return directory
            }
        }
    }

    /// Reads `directory`, its banners naming `actions`; on any thread (it logs nothing).
    static func readContent(_ directory: String?, actions: Set<String>) -> ReadContent {
        guard let directory else { return .none }
        guard LocalFiles().exists(directory) else { return .missing(directory: directory) }
        return .loaded(ContentLoader(actions: actions).load(directory: directory), directory: directory)
    }

    /// The content's update decision, its problems logged one line each. The built-in demo banners when no
    /// directory is configured, or when it does not exist yet and nothing is shown (a fresh install).
    static func update(from read: ReadContent, showing: BannerList) -> ContentUpdate {
        switch read {
        case .none:
            return .replace(banners: DemoContent.banners, skipped: [])
        case .missing(let directory):
            if !showing.isEmpty {
                return .keep(
                    reason:
                        "content directory \(directory) does not exist; keeping the \(showing.count) banner(s) shown")
            }
            Log.info("content directory \(directory) does not exist; showing the built-in demo banners")
            return .replace(banners: DemoContent.banners, skipped: [])
        case .loaded(let loaded, let directory):
            ContentOptions.log(loaded, directory: directory)
            return ContentUpdate.decide(loaded: loaded, showing: showing)
        }
    }

    /// The banners of `update`, with the ones left out named in one log line.
    static func accepted(_ update: ContentUpdate) -> BannerList? {
        switch update {
        case .keep(let reason):
            Log.warning(reason)
            return nil
        case .replace(let banners, let skipped):
            if !skipped.isEmpty {
                Log.warning("left out (image missing, no text): \(skipped.joined(separator: ", "))")
            }
            return banners
        }
    }
}
