import BannerdConfig
import Glibc
import HDMICEC
import Metrics
import SystemCalls
import TVControl

/// The TV over HDMI-CEC as the loop drives it: the adapter (`CECAdapter`), the decisions (`TVPowerControl`) and the
/// messages on their way between them. Nothing here waits on the bus: the adapter's descriptor is one more in the
/// loop's poll, every send returns at once, and its outcome comes back through `service`.
final class TVLink {
    let adapter: CECAdapter
    private(set) var control: TVPowerControl
    /// Commands sent whose outcome has not come back, by the sequence number the kernel gave them.
    private var inFlight: [UInt32: CECCommand] = [:]
    /// The logical address claimed; nil until the claim completes, and while the adapter has none.
    private var logicalAddress: UInt8?
    /// Commands sent, by command and outcome, for the metrics.
    private(set) var outcomes: [CECOutcomeCount] = []

    /// Claims a playback device's logical address on `adapter` for the screen, lit or not.
    init(adapter: CECAdapter, settings: CECSettings, lit: Bool) throws(SystemCallError) {
        self.adapter = adapter
        control = TVPowerControl(lit: lit, takeBack: settings.takeBack)
        try adapter.claimPlayback(osdName: settings.osdName)
    }

    /// The adapter `settings` names, opened and claimed; nil (with one line saying why) when CEC is off, no adapter
    /// is linked to the display's connector, or the one named cannot be used. `output`: the connector's name, for the
    /// lines; `connector`: the DRM card number and connector id of the display driven, for `auto`.
    static func open(
        _ settings: CECSettings, output: String?, connector: (card: Int, connectorID: UInt32)?, lit: Bool
    ) -> TVLink? {
        let adapter: CECAdapter
        switch settings.device {
        case .off:
            return nil
        case .path(let path):
            do {
                adapter = try CECAdapter(path: path)
            } catch {
                Log.warning("HDMI-CEC off: \(error); the screen's power is the display's alone")
                return nil
            }
        case .auto:
            guard let found = linkedAdapter(to: connector) else {
                let linkedTo = output.map { "connector \($0)" } ?? "the display's connector"
                Log.info(
                    "HDMI-CEC off: no CEC adapter is linked to \(linkedTo) (name one with [cec] device, or an "
                        + "[[output]] table's cec)")
                return nil
            }
            adapter = found
        }
        do {
            let link = try TVLink(adapter: adapter, settings: settings, lit: lit)
            let shown = output.map { " for \($0)" } ?? ""
            Log.info(
                "HDMI-CEC on \(adapter.path) (\(adapter.name), \(adapter.driver))\(shown): claiming a playback address")
            return link
        } catch {
            Log.warning("HDMI-CEC off: \(error); the screen's power is the display's alone")
            return nil
        }
    }

    /// The adapter the kernel links to DRM card `connector.card`'s connector `connector.connectorID` (vc4, i915 and
    /// DisplayPort CEC say which they belong to), among /dev/cec0 to /dev/cec15.
    private static func linkedAdapter(to connector: (card: Int, connectorID: UInt32)?) -> CECAdapter? {
        guard let connector else { return nil }
        for n in 0..<16 {
            guard let adapter = try? CECAdapter(path: "/dev/cec\(n)"), let linked = adapter.drmConnector() else {
                continue
            }
            if linked.card == connector.card && linked.connectorID == connector.connectorID { return adapter }
        }
        return nil
    }

    var fileDescriptor: Int32 { adapter.fileDescriptor }

    /// Reads every event and message waiting, answers what is bannerd's to answer and acts on the rest; true when
    /// what the status or the metrics report changed. Throws when the adapter cannot be read (ENODEV: a USB
    /// adapter unplugged, a driver unloaded), which poll would otherwise report at every turn.
    func service(at now: Duration) throws(SystemCallError) -> Bool {
        var changed = false
        while let event = try adapter.dequeueEvent() { changed = handle(event, at: now) || changed }
        while let received = try adapter.receive() { changed = handle(received, at: now) || changed }
        return changed
    }

    /// The screen was switched on or off; true when the status changed.
    func setLit(_ lit: Bool, at now: Duration) -> Bool {
        perform(control.setLit(lit, at: now), at: now)
    }

    /// What is due at `now` (the TV's power read again); true when the status changed.
    func step(at now: Duration) -> Bool {
        perform(control.step(at: now), at: now)
    }

    private func handle(_ event: CECAdapter.Event, at now: Duration) -> Bool {
        switch event {
        case .stateChange(let physical, let claimed):
            guard claimed != 0, physical != PhysicalAddress.invalid.value else {
                guard logicalAddress != nil else { return false }
                logicalAddress = nil
                inFlight.removeAll()
                Log.info("HDMI-CEC: \(adapter.path) lost its address (the HDMI cable, or the TV's EDID)")
                return perform(control.unconfigured(), at: now)
            }
            do {
                logicalAddress = try adapter.logicalAddress()
            } catch {
                Log.warning("HDMI-CEC: \(error)")
                return false
            }
            guard let ours = logicalAddress else { return false }
            let address = PhysicalAddress(physical)
            Log.info("HDMI-CEC: \(adapter.path) is playback device \(ours) at physical address \(address)")
            return perform(control.configured(physicalAddress: address, at: now), at: now)
        case .lostMessages(let count):
            Log.warning("HDMI-CEC: \(count) message(s) from \(adapter.path) dropped before they were read")
            return false
        }
    }

    private func handle(_ received: CECAdapter.Received, at now: Duration) -> Bool {
        switch received {
        case .message(let bytes):
            if let ours = logicalAddress,
                let answer = CECFollowing.answer(to: bytes, ours: ours, power: control.ownPower)
            {
                _ = try? adapter.transmit(answer)  // its outcome comes back untracked, and is dropped
            }
            return perform(control.received(CECReceived(bytes: bytes), at: now), at: now)
        case .outcome(let sequence, let status, let reply):
            guard let command = inFlight.removeValue(forKey: sequence) else { return false }
            var effects: [TVPowerControl.Effect] = []
            let answer = reply.isEmpty ? nil : CECReceived(bytes: reply)
            if let answer { effects += control.received(answer, at: now) }
            let outcome: TVPowerControl.Outcome =
                status.acknowledged
                ? (status.replyTimedOut ? .noReply : .acknowledged)
                : status.notAcknowledged ? .notAcknowledged : .failed(status.description)
            effects += control.sent(command, outcome, at: now)
            if case .featureAbort = answer { count(command, "refused") } else { count(command, outcome) }
            return perform(effects, at: now)
        }
    }

    /// Sends what the control decided and says what it concluded; true when the status changed.
    private func perform(_ effects: [TVPowerControl.Effect], at now: Duration) -> Bool {
        var changed = false
        for effect in effects {
            switch effect {
            case .send(let command):
                changed = send(command, at: now) || changed
            case .notAnswering(let reason):
                Log.warning("HDMI-CEC: \(adapter.path): \(reason); the screen's power is the display's alone")
                changed = true
            case .answering:
                Log.info("HDMI-CEC: the TV answers again on \(adapter.path)")
                changed = true
            case .tvPower(let power):
                Log.info("HDMI-CEC: the TV's power is \(power.rawValue)")
                changed = true
            case .toldStandby:
                Log.info("HDMI-CEC: told to go to standby; reported so until the screen is next switched on")
                changed = true
            case .otherSource(let address):
                let back = control.takeBack ? "; taken back ([cec] take_back)" : ""
                Log.info("HDMI-CEC: the TV shows another input (the device at \(address))\(back)")
                changed = true
            }
        }
        return changed
    }

    /// Sends `command`: from bannerd's logical address, or, while it has none, Image View On alone from the
    /// unregistered address (the kernel allows it: many TVs drop the HDMI hotplug line in standby, and bannerd's
    /// address with it, yet wake to this). A send the adapter refuses counts as its outcome at once.
    private func send(_ command: CECCommand, at now: Duration) -> Bool {
        let initiator = logicalAddress ?? CECLogicalAddress.broadcast
        guard logicalAddress != nil || command == .imageViewOn else { return false }
        do {
            let sequence = try adapter.transmit(command.bytes(from: initiator), reply: command.reply?.rawValue)
            inFlight[sequence] = command
            return false
        } catch {
            count(command, .failed(error.message))
            return perform(control.sent(command, .failed(error.message), at: now), at: now)
        }
    }

    private func count(_ command: CECCommand, _ outcome: TVPowerControl.Outcome) {
        let result =
            switch outcome {
            case .acknowledged: "acknowledged"
            case .notAcknowledged: "not-acknowledged"
            case .noReply: "no-reply"
            case .failed: "failed"
            }
        count(command, result)
    }

    private func count(_ command: CECCommand, _ result: String) {
        let name = command.opcode.name
        if let i = outcomes.firstIndex(where: { $0.command == name && $0.result == result }) {
            outcomes[i].count += 1
        } else {
            outcomes.append(CECOutcomeCount(command: name, result: result, count: 1))
        }
    }
}
