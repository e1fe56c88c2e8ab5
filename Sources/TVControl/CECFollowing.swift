/// What a playback device that follows the bus must answer itself: the kernel answers the messages every device
/// must (Give Physical Address, Give OSD Name, Get CEC Version, Give Device Vendor ID, Abort), but once a program
/// follows, the rest addressed to it are the program's, and a TV waits for an answer to each.
public enum CECFollowing {
    /// Opcodes addressed to bannerd that need no answer: replies, and notices it acts on or may ignore.
    static let unanswered: Set<UInt8> = [
        CECOpcode.featureAbort.rawValue, CECOpcode.reportPowerStatus.rawValue, CECOpcode.standby.rawValue,
        CECOpcode.activeSource.rawValue, CECOpcode.requestActiveSource.rawValue, CECOpcode.setStreamPath.rawValue,
        CECOpcode.routingChange.rawValue,
        0x81,  // Routing Information
        0x9D,  // Inactive Source
    ]

    /// The answer to `bytes`, received by bannerd at logical address `ours`, its own power `power`; nil when none
    /// is due. Give Device Power Status is answered with `power`; any other opcode addressed to it that it does not
    /// act on gets Feature Abort [Unrecognized opcode], as the specification asks, so the TV stops waiting.
    /// Broadcasts and messages from the unregistered address are never answered.
    public static func answer(to bytes: [UInt8], ours: UInt8, power: TVPower) -> [UInt8]? {
        guard bytes.count >= 2 else { return nil }  // a poll: acknowledged by the adapter itself
        let initiator = bytes[0] >> 4
        guard bytes[0] & 0xF == ours, initiator != CECLogicalAddress.broadcast, initiator != ours else { return nil }
        let header = ours << 4 | initiator
        let opcode = bytes[1]
        if opcode == CECOpcode.giveDevicePowerStatus.rawValue {
            return [header, CECOpcode.reportPowerStatus.rawValue, power.operand]
        }
        return unanswered.contains(opcode) ? nil : [header, CECOpcode.featureAbort.rawValue, opcode, 0]
    }
}
