import Testing

@testable import TVControl

/// The bytes sent and read, against the CEC specification's layouts (and `cec-ctl --show-raw` output for the same
/// messages).
@Suite struct CECMessageTests {
    @Test func commandsGoToTheTVOrToEveryoneAsTheSpecificationSays() {
        // A playback device at logical address 4.
        #expect(CECCommand.imageViewOn.bytes(from: 4) == [0x40, 0x04])
        #expect(CECCommand.standby.bytes(from: 4) == [0x40, 0x36])
        #expect(CECCommand.giveDevicePowerStatus.bytes(from: 4) == [0x40, 0x8F])
        // Active Source is broadcast, with the physical address 1.0.0.0 as two bytes.
        #expect(CECCommand.activeSource(PhysicalAddress(0x1000)).bytes(from: 4) == [0x4F, 0x82, 0x10, 0x00])
        #expect(CECCommand.giveDevicePowerStatus.reply == .reportPowerStatus)
        #expect(CECCommand.standby.reply == nil)
    }

    @Test func receivedMessagesAreReadWithTheirOperands() {
        #expect(CECReceived(bytes: [0x04, 0x90, 0x00]) == .reportPowerStatus(initiator: 0, .on))
        #expect(CECReceived(bytes: [0x04, 0x90, 0x01]) == .reportPowerStatus(initiator: 0, .standby))
        #expect(CECReceived(bytes: [0x04, 0x90, 0x02]) == .reportPowerStatus(initiator: 0, .inTransition))
        #expect(CECReceived(bytes: [0x04, 0x90, 0x03]) == .reportPowerStatus(initiator: 0, .inTransition))
        #expect(CECReceived(bytes: [0x04, 0x90, 0x07]) == .other)
        #expect(CECReceived(bytes: [0x8F, 0x82, 0x20, 0x00]) == .activeSource(initiator: 8, PhysicalAddress(0x2000)))
        #expect(CECReceived(bytes: [0x04, 0x00, 0x36, 0x04]) == .featureAbort(initiator: 0, opcode: 0x36, reason: 4))
        #expect(CECReceived(bytes: [0x0F, 0x85]) == .requestActiveSource)
        #expect(CECReceived(bytes: [0x0F, 0x36]) == .standby)
        #expect(CECReceived(bytes: [0x04, 0x36]) == .standby)
        #expect(CECReceived(bytes: [0x0F, 0x86, 0x10, 0x00]) == .routedTo(PhysicalAddress(0x1000)))
        #expect(CECReceived(bytes: [0x0F, 0x80, 0x10, 0x00, 0x20, 0x00]) == .routedTo(PhysicalAddress(0x2000)))
        // Too short for the opcode, a poll (header alone), an opcode bannerd does not act on.
        #expect(CECReceived(bytes: [0x8F, 0x82, 0x20]) == .other)
        #expect(CECReceived(bytes: [0x04, 0x00, 0x36]) == .other)
        #expect(CECReceived(bytes: [0x04]) == .other)
        #expect(CECReceived(bytes: [0x04, 0x46]) == .other)
    }

    @Test func physicalAddressesReadAsFourNibbles() {
        #expect(PhysicalAddress(0x1000).description == "1.0.0.0")
        #expect(PhysicalAddress(0x12A4).description == "1.2.a.4")
        #expect(PhysicalAddress.invalid.description == "f.f.f.f")
    }

    @Test func screenStatusSaysWhyTheScreenIsDark() {
        #expect(ScreenStatus(hasDisplay: false, lit: true, tvAnswering: true) == .noDisplay)
        #expect(ScreenStatus(hasDisplay: true, lit: false, tvAnswering: false) == .offBySchedule)
        #expect(ScreenStatus(hasDisplay: true, lit: true, tvAnswering: false) == .tvNotAnswering)
        #expect(ScreenStatus(hasDisplay: true, lit: true, tvAnswering: true) == .on)
        #expect(ScreenStatus(hasDisplay: true, lit: true, wokenByTouch: true, tvAnswering: true) == .woken)
        #expect(ScreenStatus(hasDisplay: true, lit: true, wokenByTouch: true, tvAnswering: false) == .tvNotAnswering)
    }
}

/// The answers a following playback device owes, as cec-compliance checks them.
@Suite struct CECFollowingTests {
    @Test func powerStatusIsAnsweredAndUnknownOpcodesAborted() {
        // From the TV (0) to bannerd at 4.
        #expect(CECFollowing.answer(to: [0x04, 0x8F], ours: 4, power: .on) == [0x40, 0x90, 0x00])
        #expect(CECFollowing.answer(to: [0x04, 0x8F], ours: 4, power: .standby) == [0x40, 0x90, 0x01])
        // User Control Pressed: bannerd takes no remote's keys.
        #expect(CECFollowing.answer(to: [0x04, 0x44, 0x41], ours: 4, power: .on) == [0x40, 0x00, 0x44, 0x00])
        // Replies and notices need no answer; a Feature Abort is never answered with one.
        for opcode: UInt8 in [0x00, 0x90, 0x36, 0x9D] {
            #expect(CECFollowing.answer(to: [0x04, opcode, 0x00], ours: 4, power: .on) == nil, "opcode \(opcode)")
        }
        // Broadcasts, messages for another device, polls and the unregistered address are not answered.
        #expect(CECFollowing.answer(to: [0x0F, 0x8F], ours: 4, power: .on) == nil)
        #expect(CECFollowing.answer(to: [0x08, 0x8F], ours: 4, power: .on) == nil)
        #expect(CECFollowing.answer(to: [0x04], ours: 4, power: .on) == nil)
        #expect(CECFollowing.answer(to: [0xF4, 0x44], ours: 4, power: .on) == nil)
    }
}
