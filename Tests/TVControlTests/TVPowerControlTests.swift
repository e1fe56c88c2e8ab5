import Testing

@testable import TVControl

/// The TV's on and off, read back and failures, in simulated time: each test plays the adapter's part (what was
/// acknowledged, what the TV answered) as `cec-follower` does on the QEMU board's emulated bus.
@Suite struct TVPowerControlTests {
    let address = PhysicalAddress(0x1000)

    /// Acknowledges every `.send` in `effects` at `now`; a power report `power` answers a Give Device Power Status.
    /// Returns the effects of both.
    func acknowledge(
        _ effects: [TVPowerControl.Effect], _ control: inout TVPowerControl, at now: Duration, power: TVPower? = nil
    ) -> [TVPowerControl.Effect] {
        var out: [TVPowerControl.Effect] = []
        for case .send(let command) in effects {
            if command == .giveDevicePowerStatus, let power {
                out += control.received(.reportPowerStatus(initiator: 0, power), at: now)
            }
            out += control.sent(command, .acknowledged, at: now)
        }
        return out
    }

    @Test func atStartTheTVIsSwitchedOnAndToBannerdsInputThenReadEveryMinute() {
        var control = TVPowerControl(lit: true, takeBack: false)
        #expect(control.setLit(true, at: .zero).isEmpty)  // nothing can be sent before the adapter has an address
        #expect(control.deadline == nil)
        let start = control.configured(physicalAddress: address, at: .seconds(1))
        #expect(start == [.send(.imageViewOn), .send(.activeSource(address)), .send(.giveDevicePowerStatus)])
        #expect(acknowledge(start, &control, at: .seconds(1), power: .on) == [.tvPower(.on)])
        #expect(control.tvPower == .on && control.failure == nil)
        #expect(control.deadline == .seconds(61))
        #expect(control.step(at: .seconds(60)).isEmpty)
        #expect(control.step(at: .seconds(61)) == [.send(.giveDevicePowerStatus)])
        #expect(control.deadline == nil)  // waiting for the answer
        #expect(control.step(at: .seconds(62)).isEmpty)
    }

    @Test func offIsStandbyReadBackUntilTheTVHasSettled() {
        var control = TVPowerControl(lit: true, takeBack: false)
        _ = acknowledge(control.configured(physicalAddress: address, at: .zero), &control, at: .zero, power: .on)
        let off = control.setLit(false, at: .seconds(10))
        #expect(off == [.send(.standby), .send(.giveDevicePowerStatus)])
        #expect(acknowledge(off, &control, at: .seconds(10), power: .inTransition) == [.tvPower(.inTransition)])
        // In transition: looked at again soon, not in a minute.
        #expect(control.deadline == .seconds(12))
        let look = control.step(at: .seconds(12))
        #expect(acknowledge(look, &control, at: .seconds(12), power: .standby) == [.tvPower(.standby)])
        #expect(control.deadline == .seconds(72))
        #expect(control.failure == nil)
        // On again: Image View On before Active Source.
        let on = control.setLit(true, at: .seconds(100))
        #expect(on == [.send(.imageViewOn), .send(.activeSource(address)), .send(.giveDevicePowerStatus)])
    }

    @Test func aTVThatDoesNotAcknowledgeIsSaidOnceAndAnsweringAgainIsSaidToo() {
        var control = TVPowerControl(lit: true, takeBack: false)
        let start = control.configured(physicalAddress: address, at: .zero)
        #expect(start.count == 3)
        let first = control.sent(.imageViewOn, .notAcknowledged, at: .zero)
        #expect(first == [.notAnswering("Image View On was not acknowledged: no TV answers on the bus")])
        #expect(control.sent(.activeSource(address), .failed("arbitration lost"), at: .zero).isEmpty)
        #expect(control.sent(.giveDevicePowerStatus, .noReply, at: .zero).isEmpty)
        #expect(control.failure != nil && control.tvPower == .unknown)
        // Still read (in a settle interval: the switch has not been seen), so a TV back on its mains is noticed.
        #expect(control.step(at: TVPowerControl.settleInterval) == [.send(.giveDevicePowerStatus)])
        let back = control.received(.reportPowerStatus(initiator: 0, .on), at: .seconds(3))
        #expect(back == [.answering, .tvPower(.on)])
        #expect(control.failure == nil)
    }

    @Test func aTVThatRefusesOrStaysOnAfterStandbyCountsAsNotAnswering() {
        var refusing = TVPowerControl(lit: false, takeBack: false)
        _ = refusing.configured(physicalAddress: address, at: .zero)
        let refused = refusing.received(.featureAbort(initiator: 0, opcode: 0x36, reason: 4), at: .zero)
        #expect(refused == [.notAnswering("the TV refused Standby (refused)")])
        // Another device's Feature Abort, or power, is not the TV's; nor is an abort of a reply, or a message bannerd
        // does not act on, anything.
        var other = TVPowerControl(lit: false, takeBack: false)
        _ = other.configured(physicalAddress: address, at: .zero)
        #expect(other.received(.featureAbort(initiator: 5, opcode: 0x36, reason: 4), at: .zero).isEmpty)
        #expect(other.received(.featureAbort(initiator: 0, opcode: 0x90, reason: 0), at: .zero).isEmpty)
        #expect(other.received(.reportPowerStatus(initiator: 5, .on), at: .zero).isEmpty)
        #expect(other.received(.other, at: .zero).isEmpty)
        #expect(other.failure == nil && other.tvPower == .unknown)

        var stubborn = TVPowerControl(lit: true, takeBack: false)
        _ = acknowledge(stubborn.configured(physicalAddress: address, at: .zero), &stubborn, at: .zero, power: .on)
        var now = Duration.seconds(5)
        var effects = stubborn.setLit(false, at: now)
        var said: [TVPowerControl.Effect] = []
        while now < .seconds(130) {
            said += acknowledge(effects, &stubborn, at: now, power: .on)
            now = stubborn.deadline ?? now
            effects = stubborn.step(at: now)
        }
        // Read every 2 s until the limit, then once a minute: still on, still refusing.
        #expect(said == [.notAnswering("the TV reports on 30 s after Standby")])
        #expect(stubborn.failure != nil && stubborn.tvPower == .on)
        // It goes to standby by itself (its remote): as asked, so answering again.
        let settled = stubborn.received(.reportPowerStatus(initiator: 0, .standby), at: now)
        #expect(settled == [.answering, .tvPower(.standby)])
    }

    @Test func anotherSourceIsReportedAndTakenBackOnlyWhereConfigured() {
        for takeBack in [false, true] {
            var control = TVPowerControl(lit: true, takeBack: takeBack)
            _ = acknowledge(control.configured(physicalAddress: address, at: .zero), &control, at: .zero, power: .on)
            let dvd = PhysicalAddress(0x2000)
            let moved = control.received(.activeSource(initiator: 4, dvd), at: .seconds(5))
            #expect(
                moved == (takeBack ? [.otherSource(dvd), .send(.activeSource(address))] : [.otherSource(dvd)]),
                "takeBack \(takeBack)")
            if !takeBack {
                // Said once; a request for the active source is not bannerd's to answer while another device is.
                #expect(control.received(.routedTo(PhysicalAddress(0x3000)), at: .seconds(6)).isEmpty)
                #expect(control.received(.requestActiveSource, at: .seconds(7)).isEmpty)
                // The TV switched back to bannerd's input: it says it is the active source again.
                #expect(control.received(.routedTo(address), at: .seconds(8)) == [.send(.activeSource(address))])
                _ = control.sent(.activeSource(address), .acknowledged, at: .seconds(8))
                #expect(control.received(.requestActiveSource, at: .seconds(9)) == [.send(.activeSource(address))])
            }
        }
    }

    @Test func toldStandbyBannerdReportsStandbyUntilTheScreenIsSwitchedOnOrItsInputChosen() {
        var control = TVPowerControl(lit: true, takeBack: false)
        _ = acknowledge(control.configured(physicalAddress: address, at: .zero), &control, at: .zero, power: .on)
        #expect(control.received(.standby, at: .seconds(5)) == [.toldStandby])
        #expect(control.ownPower == .standby)
        #expect(control.received(.standby, at: .seconds(6)).isEmpty)  // said once
        // No longer the active source: a request for it is not answered.
        #expect(control.received(.requestActiveSource, at: .seconds(7)).isEmpty)
        // The TV selects bannerd's input: on, and the active source again.
        #expect(control.received(.routedTo(address), at: .seconds(8)) == [.send(.activeSource(address))])
        #expect(control.ownPower == .on)
        // Or the schedule switches the screen on.
        _ = control.received(.standby, at: .seconds(9))
        _ = control.setLit(false, at: .seconds(10))
        #expect(control.ownPower == .standby)
        _ = control.setLit(true, at: .seconds(20))
        #expect(control.ownPower == .on)
    }

    @Test func aPulledCableLeavesTheTVUnknownAndNothingSentUntilAddressedAgain() {
        var control = TVPowerControl(lit: true, takeBack: false)
        _ = acknowledge(control.configured(physicalAddress: address, at: .zero), &control, at: .zero, power: .on)
        #expect(control.unconfigured() == [.tvPower(.unknown)])
        #expect(control.deadline == nil)
        #expect(control.step(at: .seconds(600)).isEmpty)
        #expect(control.setLit(false, at: .seconds(601)).isEmpty)
        #expect(
            control.configured(physicalAddress: address, at: .seconds(602)) == [
                .send(.standby), .send(.giveDevicePowerStatus),
            ])
    }
}

@Suite struct CECWordsTests {
    /// The log names every opcode and abort reason as the specification does, each differently.
    @Test func opcodesAndAbortReasonsHaveNamesOfTheirOwn() {
        let opcodes: [CECOpcode] = [
            .featureAbort, .imageViewOn, .standby, .routingChange, .activeSource, .requestActiveSource, .setStreamPath,
            .giveDevicePowerStatus, .reportPowerStatus,
        ]
        #expect(Set(opcodes.map(\.name)).count == opcodes.count)
        #expect(CECOpcode.giveDevicePowerStatus.name == "Give Device Power Status")
        let reasons = (0...5).map { TVPowerControl.abortReason(UInt8($0)) }
        #expect(Set(reasons).count == 6)
        #expect(TVPowerControl.abortReason(0) == "unrecognised opcode" && TVPowerControl.abortReason(9) == reasons[5])
    }
}
