/// The few HDMI-CEC messages a playback device needs to turn a TV on and off and to be what it shows (HDMI 1.4b
/// CEC, its opcodes and operands), as bytes on the bus: a header (initiator and destination logical addresses), an
/// opcode, operands. Pure, so what bannerd sends and how it reads the answers is tested without an adapter.
public enum CECOpcode: UInt8, Sendable {
    case featureAbort = 0x00
    case imageViewOn = 0x04
    case standby = 0x36
    case routingChange = 0x80
    case activeSource = 0x82
    case requestActiveSource = 0x85
    case setStreamPath = 0x86
    case giveDevicePowerStatus = 0x8F
    case reportPowerStatus = 0x90

    /// The name the CEC specification gives it, for the log.
    public var name: String {
        switch self {
        case .featureAbort: "Feature Abort"
        case .imageViewOn: "Image View On"
        case .standby: "Standby"
        case .routingChange: "Routing Change"
        case .activeSource: "Active Source"
        case .requestActiveSource: "Request Active Source"
        case .setStreamPath: "Set Stream Path"
        case .giveDevicePowerStatus: "Give Device Power Status"
        case .reportPowerStatus: "Report Power Status"
        }
    }
}

/// Logical addresses bannerd talks to: the TV is always 0; 15 is every device (a broadcast) as a destination.
public enum CECLogicalAddress {
    public static let tv: UInt8 = 0
    public static let broadcast: UInt8 = 15
}

/// A device's place in the HDMI tree, four nibbles (`1.0.0.0`: the TV's first input); `f.f.f.f` is none.
public struct PhysicalAddress: Equatable, Hashable, Sendable, CustomStringConvertible {
    public let value: UInt16

    public init(_ value: UInt16) { self.value = value }

    /// No address: the device is not connected to a sink that gave it one.
    public static let invalid = PhysicalAddress(0xFFFF)

    public var description: String {
        [12, 8, 4, 0].map { String((value >> UInt16($0)) & 0xF, radix: 16) }.joined(separator: ".")
    }

    /// The two operand bytes, high first.
    var bytes: [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }
}

/// The TV's power as it last reported it (Report Power Status), or unknown before it has.
public enum TVPower: String, Sendable, CaseIterable {
    case on
    case standby
    case inTransition = "in-transition"
    case unknown

    /// The [Power Status] operand bannerd reports for itself: 0 on, 1 standby.
    var operand: UInt8 { self == .standby ? 1 : 0 }

    /// The [Power Status] operand: 0 on, 1 standby, 2 and 3 on their way to on or to standby.
    init?(operand: UInt8) {
        switch operand {
        case 0: self = .on
        case 1: self = .standby
        case 2, 3: self = .inTransition
        default: return nil
        }
    }
}

/// A message bannerd sends.
public enum CECCommand: Equatable, Sendable {
    /// To the TV: leave standby and show a picture.
    case imageViewOn
    /// To everyone: the device at this address is the one to show (the TV switches its input to it).
    case activeSource(PhysicalAddress)
    /// To the TV: go to standby.
    case standby
    /// To the TV: say your power state (answered with Report Power Status).
    case giveDevicePowerStatus

    public var opcode: CECOpcode {
        switch self {
        case .imageViewOn: .imageViewOn
        case .activeSource: .activeSource
        case .standby: .standby
        case .giveDevicePowerStatus: .giveDevicePowerStatus
        }
    }

    /// The reply the adapter waits for after sending it, if any.
    public var reply: CECOpcode? { self == .giveDevicePowerStatus ? .reportPowerStatus : nil }

    /// The message's bytes, sent from logical address `initiator`.
    public func bytes(from initiator: UInt8) -> [UInt8] {
        let destination = self.opcode == .activeSource ? CECLogicalAddress.broadcast : CECLogicalAddress.tv
        let header = (initiator & 0xF) << 4 | destination
        switch self {
        case .activeSource(let address): return [header, opcode.rawValue] + address.bytes
        default: return [header, opcode.rawValue]
        }
    }
}

/// A message received from the bus that bannerd acts on; anything else is `.other` (the kernel answers the
/// messages every device must, such as Give Physical Address and Give OSD Name, by itself).
public enum CECReceived: Equatable, Sendable {
    /// The device at `initiator` says its power state (the TV's is what bannerd asked for).
    case reportPowerStatus(initiator: UInt8, TVPower)
    /// Another device (or bannerd's own adapter, seen back) is now the active source.
    case activeSource(initiator: UInt8, PhysicalAddress)
    /// `initiator` declined `opcode` for `reason` (0 unrecognised, 1 not in the right mode, 2 cannot provide the
    /// source, 3 invalid operand, 4 refused, 5 unable to determine).
    case featureAbort(initiator: UInt8, opcode: UInt8, reason: UInt8)
    /// A device asks which device is active (a TV after it is switched on, for instance).
    case requestActiveSource
    /// Go to standby: addressed to bannerd, or to every device (a TV switched off by its remote says so to all).
    case standby
    /// The TV switched its input to `address` (Set Stream Path; Routing Change's new address).
    case routedTo(PhysicalAddress)
    case other

    /// What `bytes` (header, opcode, operands) says; a message too short for its opcode is `.other`.
    public init(bytes: [UInt8]) {
        self = Self.read(bytes) ?? .other
    }

    private static func read(_ bytes: [UInt8]) -> CECReceived? {
        guard bytes.count >= 2, let opcode = CECOpcode(rawValue: bytes[1]) else { return nil }
        let initiator = bytes[0] >> 4
        func address(at i: Int) -> PhysicalAddress? {
            bytes.count >= i + 2 ? PhysicalAddress(UInt16(bytes[i]) << 8 | UInt16(bytes[i + 1])) : nil
        }
        switch opcode {
        case .reportPowerStatus:
            guard bytes.count >= 3, let power = TVPower(operand: bytes[2]) else { return nil }
            return .reportPowerStatus(initiator: initiator, power)
        case .activeSource:
            return address(at: 2).map { .activeSource(initiator: initiator, $0) }
        case .featureAbort:
            return bytes.count >= 4 ? .featureAbort(initiator: initiator, opcode: bytes[2], reason: bytes[3]) : nil
        case .requestActiveSource:
            return .requestActiveSource
        case .standby:
            return .standby
        case .setStreamPath:
            return address(at: 2).map { .routedTo($0) }
        case .routingChange:
            return address(at: 4).map { .routedTo($0) }
        case .imageViewOn, .giveDevicePowerStatus:
            return nil
        }
    }
}
