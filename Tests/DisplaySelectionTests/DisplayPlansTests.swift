import DisplaySelection
import Testing

/// Every output of a card, each on a CRTC of its own (issue 44: several screens on one board).
@Suite struct DisplayPlansTests {
    func planned(
        _ card: CardResources, _ configuration: DisplayConfiguration = .init(), beside shown: [DisplayPlan] = []
    ) throws -> [String] {
        try DisplaySelector.plans(cards: [card], configuration: configuration, beside: shown).get().map {
            "\($0.connector.name)@\($0.crtcID)"
        }
    }

    /// The plan of `connector` shown on `crtc` (the output already playing).
    func shown(_ card: CardResources, _ connector: String, on crtc: UInt32) throws -> DisplayPlan {
        var plan = try #require(
            DisplaySelector.plans(cards: [card], configuration: DisplayConfiguration(connectorName: connector)).get()
                .first)
        plan.crtcID = crtc
        return plan
    }

    @Test func everyConnectedOutputGetsACRTCOfItsOwn() throws {
        #expect(try planned(twoOutputCard(hdmi2: .connected)) == ["HDMI-A-1@41", "HDMI-A-2@42"])
        #expect(try planned(twoOutputCard()) == ["HDMI-A-1@41"])
        #expect(try planned(twoOutputCard(hdmi1: .disconnected, hdmi2: .connected)) == ["HDMI-A-2@42"])
    }

    @Test func anOutputNoFreeCRTCCanDriveIsLeftOut() throws {
        // HDMI-A-1 is shown on CRTC 42 already; HDMI-A-2's encoder can use 42 alone.
        let card = twoOutputCard(hdmi2: .connected, boundEncoder: 31, encoderCRTC: 42)
        #expect(try planned(card) == ["HDMI-A-1@42"])
    }

    @Test func aConfiguredConnectorIsTheOnlyOutput() throws {
        let card = twoOutputCard(hdmi2: .connected)
        #expect(try planned(card, DisplayConfiguration(connectorName: "HDMI-A-2")) == ["HDMI-A-2@42"])
    }

    @Test func whyNoOutputIsUsableIsTheSingleOutputsReason() {
        let result = DisplaySelector.plans(cards: [twoOutputCard(hdmi1: .disconnected)], configuration: .init())
        #expect(
            result
                == .failure(.noUsableCard(reasons: ["/dev/dri/card0: nothing connected to HDMI-A-1, HDMI-A-2"])))
    }

    @Test func aDisplayPluggedInBesideAPlayingOneGetsTheFreeCRTC() throws {
        let card = twoOutputCard(hdmi2: .connected)
        let playing = try shown(card, "HDMI-A-1", on: 41)
        #expect(try planned(card, beside: [playing]) == ["HDMI-A-2@42"])
        // HDMI-A-1 shown on 42, the one CRTC HDMI-A-2 can use: nothing more to show.
        let onTheOther = try shown(card, "HDMI-A-1", on: 42)
        #expect(try planned(card, beside: [onTheOther]) == [])
        // Nothing new connected: nothing more to show, and no failure.
        #expect(try planned(twoOutputCard(), beside: [try shown(twoOutputCard(), "HDMI-A-1", on: 41)]) == [])
    }

    @Test func aConnectorReopenedBesideAPlayingOneIsThatConnectorOrWhyNot() throws {
        let card = twoOutputCard(hdmi2: .connected)
        let named = DisplayConfiguration(connectorName: "HDMI-A-2")
        #expect(try planned(card, named, beside: [try shown(card, "HDMI-A-1", on: 41)]) == ["HDMI-A-2@42"])
        #expect(
            DisplaySelector.plans(cards: [card], configuration: named, beside: [try shown(card, "HDMI-A-1", on: 42)])
                == .failure(.noUsableCard(reasons: ["/dev/dri/card0: no CRTC can drive HDMI-A-2"])))
        // Still unplugged: nothing to show yet.
        let unplugged = twoOutputCard()
        #expect(try planned(unplugged, named, beside: [try shown(unplugged, "HDMI-A-1", on: 41)]) == [])
    }
}
