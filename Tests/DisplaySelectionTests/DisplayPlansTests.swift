import DisplaySelection
import Testing

/// Every output of a card, each on a CRTC of its own (issue 44: several screens on one board).
@Suite struct DisplayPlansTests {
    func planned(_ card: CardResources, _ configuration: DisplayConfiguration = .init()) throws -> [String] {
        try DisplaySelector.plans(cards: [card], configuration: configuration).get().map {
            "\($0.connector.name)@\($0.crtcID)"
        }
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
}
