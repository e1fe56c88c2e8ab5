import BannerContent
import InputTranslation
import MonotonicTime

/// The outputs: which are made at start, which display each opens beside the others, displays plugged in later, and
/// which output touch moves.
extension MainLoop {
    /// The outputs to make at start, each with its settings and its display or what it waits for: every connected
    /// output of the card, or one waiting for a display when none is; with `[[output]]` tables, each listed
    /// connector, opened beside those before it, or waiting for it. Waiting rather than exiting: systemd would
    /// restart bannerd until its start limit reboots the board, every boot (the KMS driver of a boot-time service may
    /// come late, or a cable may be missing); waiting, it shows the carousel as soon as udev (or a probe) finds it.
    static func openOutputs(_ settings: Settings) -> [(settings: Settings, state: OutputLoop.DisplayState)] {
        guard !settings.outputs.isEmpty else {
            do {
                return try Screen.open(settings, all: true).map { (settings, .connected($0)) }
            } catch {
                let reason = "a display (\(error))"
                Log.warning("waiting for \(reason)")
                return [(settings, .waiting(for: reason))]
            }
        }
        var opened: [Screen] = []
        return settings.outputs.map { output in
            let own = settings.forOutput(output)
            do {
                if let screen = try Screen.open(own, connector: output.connector, beside: opened).first {
                    opened.append(screen)
                    return (own, .connected(screen))
                }
                Log.warning("waiting for display \(output.connector) to be connected")
                return (own, .waiting(for: "display \(output.connector) to be connected"))
            } catch {
                let reason = "display \(output.connector) (\(error))"
                Log.warning("waiting for \(reason)")
                return (own, .waiting(for: reason))
            }
        }
    }

    /// The content directories of `outputs`, each once, in order.
    static func contentDirectories(_ outputs: [Settings]) -> [String?] {
        var seen: [String?] = []
        for directory in outputs.map(\.contentDirectory) where !seen.contains(directory) { seen.append(directory) }
        return seen
    }

    /// The output that control commands, touch and keys address: the first one showing, else the first.
    var primary: OutputLoop { outputs.first { $0.screen != nil } ?? outputs[0] }

    /// The displays of the outputs but `output`, beside which it opens its own.
    func screens(besides output: OutputLoop) -> [Screen] {
        outputs.filter { $0 !== output }.compactMap(\.screen)
    }

    /// An output opened its display: others may be connected beside it (looked for after the step).
    func lookForNewOutputs() {
        newOutputsDue = true
    }

    /// Displays connected beside those shown become outputs of their own, showing the content the others show (the
    /// newest, when a reload is staged), each at its own size; none when a connector is configured (that one alone)
    /// or outputs are listed (those alone).
    func adoptNewOutputs() {
        newOutputsDue = false
        let shown = outputs.compactMap(\.screen)
        guard settings.display.connectorName == nil, settings.outputs.isEmpty, !shown.isEmpty else { return }
        let fresh: [Screen]
        do {
            fresh = try Screen.open(settings, beside: shown)
        } catch {
            Log.warning("display connected beside \(shown.map(\.status.connector).joined(separator: ", ")): \(error)")
            return
        }
        let bound = Set(outputs.compactMap(\.connector))
        let now = MonotonicClock.now()
        for screen in fresh {
            // An output of its own waits for this connector: it opens it at its next probe.
            guard !bound.contains(screen.status.connector) else {
                screen.device.shutdown()
                continue
            }
            let content = primary.staged?.banners.loaded ?? primary.showing.loaded
            do {
                let output = try OutputLoop(
                    loop: self, settings: settings, opened: .connected(screen), loaded: content,
                    waking: connections.wakeSignal, now: now)
                outputs.append(output)
                Log.info("display \(screen.summary) connected: an output of its own, scale \(screen.layout.scale)")
                output.start(at: now)
            } catch {
                screen.device.shutdown()
                Log.warning("display \(screen.summary) left out: \(error)")
            }
        }
        touchFollowsOutputs()
        sendStatus()
        metricsChanged()
    }

    /// Each touch device moves its output's carousel, mapped to that output's screen (`InputRouter`); contacts a
    /// device had on an output it leaves are cancelled there. Called whenever an output's display opens or closes.
    func touchFollowsOutputs() {
        guard let input = connections.input else { return }
        let shown = outputs.compactMap { output in
            output.screen.map {
                (name: output.name, transform: Screen.touchTransform($0, calibration: settings.calibration))
            }
        }
        let cancelled = input.drive(
            shown, defaultOutput: settings.touchOutput,
            defaultTransform: Screen.touchTransform(primary.screen, calibration: settings.calibration))
        deliver(cancelled)
    }

    /// Input events to the outputs they are for: a device's own output while it shows, else the default (`[input]
    /// output` while it shows, else the first output showing).
    func deliver(_ events: [RoutedInputEvent]) {
        guard !events.isEmpty else { return }
        let now = MonotonicClock.now()
        let fallback = shownOutput(named: settings.touchOutput) ?? primary
        for routed in events {
            let output = shownOutput(named: routed.output) ?? fallback
            if let action = output.input(routed.event, at: now) { output.report(action) }
        }
    }

    /// The output named `name` while it shows; nil for none.
    private func shownOutput(named name: String?) -> OutputLoop? {
        guard let name else { return nil }
        return outputs.first { $0.name == name && $0.screen != nil }
    }
}
