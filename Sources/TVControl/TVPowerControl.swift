/// What bannerd says to the TV over HDMI-CEC, and what it makes of the answers, without any I/O: the screen's
/// schedule turns the TV on (Image View On, then Active Source, so a TV left on another input comes to the
/// carousel) and off (Standby); its power state is read back after each change and once a minute; a TV that does
/// not answer, or refuses, is said once, and the screen relies on the display's power (DPMS) alone until it answers
/// again. The loop passes monotonic times and what the adapter reported; it sends what is returned and calls
/// `step` no later than `deadline`.
public struct TVPowerControl: Sendable {
    /// How often the TV's power state is read while nothing changes: a TV switched off by its remote, or by its
    /// own power saving, shows in the status within this.
    public static let pollInterval: Duration = .seconds(60)
    /// After Standby or Image View On, how often the power state is read until the TV reports the state asked for
    /// (TVs take seconds to switch, and report "in transition" meanwhile).
    public static let settleInterval: Duration = .seconds(2)
    /// How long a TV may take to reach the state asked for before it counts as refusing.
    public static let settleLimit: Duration = .seconds(30)

    /// What became of a message sent.
    public enum Outcome: Equatable, Sendable {
        /// Acknowledged on the bus (a reply asked for comes through `received` first).
        case acknowledged
        /// No device acknowledged it: no TV on the bus, or one cut from its mains.
        case notAcknowledged
        /// Acknowledged, but the reply asked for did not come in time.
        case noReply
        /// The adapter could not send it (the bus busy or low, an error), with the adapter's words.
        case failed(String)
    }

    /// What the loop must do or say.
    public enum Effect: Equatable, Sendable {
        case send(CECCommand)
        /// The TV does not answer or refuses (once, until it answers again): the screen relies on DPMS alone.
        case notAnswering(String)
        /// The TV answers again.
        case answering
        /// The TV's power state as read changed.
        case tvPower(TVPower)
        /// The TV shows another input (another device became the active source, or the TV switched to it).
        case otherSource(PhysicalAddress)
        /// bannerd was told to go to standby (the screen is left as the schedule has it: the TV shows nothing).
        case toldStandby
    }

    /// The TV's power state as last read.
    public private(set) var tvPower: TVPower = .unknown
    /// bannerd's own power as it reports it on the bus: standby from a Standby it received (the TV switched off
    /// by its remote tells every device so) until the screen is next switched on or the TV selects its input.
    public private(set) var ownPower: TVPower = .on
    /// Why the TV counts as not answering; nil while it answers (or before anything was sent).
    public private(set) var failure: String?
    /// Whether the carousel is taken back to the TV's screen when another device becomes the active source.
    public let takeBack: Bool
    /// bannerd's adapter's address, once it has one (its logical address claimed, the TV's EDID read).
    public private(set) var physicalAddress = PhysicalAddress.invalid
    /// Whether the screen should show the carousel.
    private var wantOn: Bool
    /// The adapter has a logical address: messages can be sent.
    private var configured = false
    /// The last Image View On or Standby not yet seen in the TV's reports, and when it was sent.
    private var change: (opcode: CECOpcode, at: Duration)?
    /// A Give Device Power Status is on its way.
    private var asking = false
    /// When to read the power state next.
    private var nextLook: Duration = .zero
    /// The failure is the TV's refusal (it answers, but not as asked), not its silence.
    private var refused = false
    /// bannerd was the active source when last heard of.
    private var active = false

    /// The TV to be on when `lit`; `takeBack`: whether to become the active source again when another device does.
    public init(lit: Bool, takeBack: Bool) {
        wantOn = lit
        self.takeBack = takeBack
    }

    /// The adapter claimed its logical address at `now`, at `physicalAddress`: the TV is switched as the screen
    /// is (at start, one-touch play: the TV on and showing bannerd's input).
    public mutating func configured(physicalAddress: PhysicalAddress, at now: Duration) -> [Effect] {
        self.physicalAddress = physicalAddress
        configured = true
        return switchTV(at: now)
    }

    /// The adapter lost its logical address (the HDMI cable pulled, the TV's EDID gone): nothing can be sent
    /// until it is configured again, and the TV's state is unknown.
    public mutating func unconfigured() -> [Effect] {
        configured = false
        asking = false
        change = nil
        active = false
        return read(.unknown)
    }

    /// The screen was switched on or off at `now` (the schedule, or a touch outside its hours).
    public mutating func setLit(_ lit: Bool, at now: Duration) -> [Effect] {
        wantOn = lit
        return configured ? switchTV(at: now) : []
    }

    /// What was sent at `now` came to `outcome`.
    public mutating func sent(_ command: CECCommand, _ outcome: Outcome, at now: Duration) -> [Effect] {
        if command == .giveDevicePowerStatus {
            asking = false
            nextLook = now + (change == nil ? Self.pollInterval : Self.settleInterval)
        }
        switch outcome {
        case .acknowledged:
            if case .activeSource = command { active = true }
            return []
        case .notAcknowledged:
            return fail("\(command.opcode.name) was not acknowledged: no TV answers on the bus")
        case .noReply:
            return fail("the TV acknowledged \(command.opcode.name) but did not report its power state")
        case .failed(let why):
            return fail("\(command.opcode.name) could not be sent: \(why)")
        }
    }

    /// A message arrived at `now`.
    public mutating func received(_ message: CECReceived, at now: Duration) -> [Effect] {
        switch message {
        case .reportPowerStatus(let initiator, let power) where initiator == CECLogicalAddress.tv:
            let wanted: TVPower = wantOn ? .on : .standby
            var effects: [Effect] = []
            // A TV that answers again is answering; one that refused is so only once it is as asked.
            if failure != nil, !refused || power == wanted {
                failure = nil
                refused = false
                effects.append(.answering)
            }
            effects += read(power)
            guard let change else { return effects }
            if power == wanted {
                self.change = nil
            } else if now - change.at >= Self.settleLimit {
                self.change = nil
                effects += fail(
                    "the TV reports \(power.rawValue) \(Self.seconds(now - change.at)) after \(change.opcode.name)",
                    refused: true)
            }
            return effects
        case .featureAbort(let initiator, let opcode, let reason) where initiator == CECLogicalAddress.tv:
            guard let refused = CECOpcode(rawValue: opcode), refused != .reportPowerStatus else { return [] }
            return fail("the TV refused \(refused.name) (\(Self.abortReason(reason)))", refused: true)
        case .activeSource(_, let address), .routedTo(let address):
            if address == physicalAddress {
                // The TV switched to bannerd's input (Set Stream Path): it is the active source again, and says so.
                guard !active, wantOn, configured else { return [] }
                ownPower = .on
                return [.send(.activeSource(physicalAddress))]
            }
            guard active || takeBack else { return [] }
            active = false
            var effects: [Effect] = [.otherSource(address)]
            if takeBack, wantOn, configured { effects.append(.send(.activeSource(physicalAddress))) }
            return effects
        case .requestActiveSource:
            return active && wantOn && configured ? [.send(.activeSource(physicalAddress))] : []
        case .standby:
            guard ownPower != .standby else { return [] }
            ownPower = .standby
            active = false
            return [.toldStandby]
        case .reportPowerStatus, .featureAbort, .other:
            return []
        }
    }

    /// What is due at `now`: reading the TV's power state.
    public mutating func step(at now: Duration) -> [Effect] {
        guard configured, !asking, now >= nextLook else { return [] }
        asking = true
        return [.send(.giveDevicePowerStatus)]
    }

    /// The latest time the loop may sleep until for the TV; nil while nothing is waiting on time.
    public var deadline: Duration? { configured && !asking ? nextLook : nil }

    /// The screen's switch as messages: on, the TV out of standby and then onto bannerd's input; off, to standby.
    /// Either way its power state is read straight after.
    private mutating func switchTV(at now: Duration) -> [Effect] {
        change = (wantOn ? .imageViewOn : .standby, now)
        if wantOn { ownPower = .on } else { active = false }
        var effects: [Effect] =
            wantOn ? [.send(.imageViewOn), .send(.activeSource(physicalAddress))] : [.send(.standby)]
        if !asking {
            asking = true
            effects.append(.send(.giveDevicePowerStatus))
        }
        return effects
    }

    private mutating func read(_ power: TVPower) -> [Effect] {
        guard power != tvPower else { return [] }
        tvPower = power
        return [.tvPower(power)]
    }

    /// The TV does not answer (its power is then unknown) or, `refused`, answers but will not do as asked.
    private mutating func fail(_ reason: String, refused: Bool = false) -> [Effect] {
        let effects = refused ? [] : read(.unknown)
        guard failure == nil else { return effects }
        failure = reason
        self.refused = refused
        return effects + [.notAnswering(reason)]
    }

    /// The [Abort Reason] operand in words.
    static func abortReason(_ reason: UInt8) -> String {
        switch reason {
        case 0: "unrecognised opcode"
        case 1: "not in a mode to respond"
        case 2: "cannot provide the source"
        case 3: "invalid operand"
        case 4: "refused"
        default: "unable to determine"
        }
    }

    static func seconds(_ d: Duration) -> String { "\(d.components.seconds) s" }
}

/// Why the screen shows the carousel or not, as `ctl status` and the metrics say it.
public enum ScreenStatus: String, Sendable, CaseIterable {
    case on
    /// Lit by a touch outside the schedule's hours.
    case woken
    case offBySchedule = "off-by-schedule"
    case noDisplay = "no-display"
    case tvNotAnswering = "tv-not-answering"

    /// The screen's status: `lit` as the schedule has it (`wokenByTouch`: outside its hours); `tvAnswering` false
    /// when CEC is on and the TV does not answer (the screen may then be dark whatever bannerd draws).
    public init(hasDisplay: Bool, lit: Bool, wokenByTouch: Bool = false, tvAnswering: Bool) {
        if !hasDisplay {
            self = .noDisplay
        } else if !lit {
            self = .offBySchedule
        } else if !tvAnswering {
            self = .tvNotAnswering
        } else {
            self = wokenByTouch ? .woken : .on
        }
    }
}
