import DisplaySelection
import Testing

@Suite struct DisplaySelectorTests {
    /// A render-only card (like a GPU node without outputs) ahead of the display card.
    let renderOnly = CardResources(
        path: "/dev/dri/card0", driverName: "v3d", supportsDumbBuffers: true, connectors: [], encoders: [],
        crtcs: [])

    @Test func cardIsChosenByCapabilityNotIndex() throws {
        let display = twoOutputCard(path: "/dev/dri/card1")
        let plan = try DisplaySelector.plan(cards: [display, renderOnly], configuration: .init()).get()
        #expect(plan.cardPath == "/dev/dri/card1")
        #expect(plan.connector.name == "HDMI-A-1")
        #expect(plan.crtcID == 41)
        #expect(plan.modeCandidates.first?.isPreferred == true)
        #expect(plan.rotation == DisplayRotation.none)
        #expect(plan.requestedModeAvailable)
    }

    @Test func cardWithoutDumbBuffersIsSkipped() throws {
        let noDumb = twoOutputCard(path: "/dev/dri/card0", dumb: false)
        let good = twoOutputCard(path: "/dev/dri/card2")
        #expect(try DisplaySelector.plan(cards: [noDumb, good], configuration: .init()).get().cardPath == good.path)
        let failure = DisplaySelector.plan(cards: [noDumb], configuration: .init())
        #expect(failure == .failure(.noUsableCard(reasons: ["/dev/dri/card0: driver vc4 offers no dumb buffers"])))
    }

    @Test func cardsAreTriedInNumericOrder() throws {
        let card10 = twoOutputCard(path: "/dev/dri/card10")
        let card2 = twoOutputCard(path: "/dev/dri/card2")
        #expect(try DisplaySelector.plan(cards: [card10, card2], configuration: .init()).get().cardPath == card2.path)
    }

    @Test func firstConnectedConnectorWhenNoneConfigured() throws {
        let card = twoOutputCard(hdmi1: .disconnected, hdmi2: .connected)
        let plan = try DisplaySelector.plan(cards: [card], configuration: .init()).get()
        #expect(plan.connector.name == "HDMI-A-2")
        #expect(plan.crtcID == 42)
    }

    @Test func unknownStatusIsUsedOnlyWhenNothingIsConnected() throws {
        let onlyUnknown = twoOutputCard(hdmi1: .disconnected, hdmi2: .unknown)
        #expect(try DisplaySelector.plan(cards: [onlyUnknown], configuration: .init()).get().connector.id == 22)
        let mixed = twoOutputCard(hdmi1: .unknown, hdmi2: .connected)
        #expect(try DisplaySelector.plan(cards: [mixed], configuration: .init()).get().connector.id == 22)
    }

    @Test func connectorByKernelName() throws {
        let card = twoOutputCard(hdmi2: .connected)
        let plan = try DisplaySelector.plan(cards: [card], configuration: .init(connectorName: "HDMI-A-2")).get()
        #expect(plan.connector.id == 22)
    }

    @Test func unknownConnectorNameListsWhatExists() {
        let result = DisplaySelector.plan(cards: [twoOutputCard()], configuration: .init(connectorName: "DSI-1"))
        #expect(result == .failure(.connectorNotFound(name: "DSI-1", available: ["HDMI-A-1", "HDMI-A-2"])))
        if case .failure(let failure) = result {
            #expect(failure.description == "connector DSI-1 not found; connectors present: HDMI-A-1, HDMI-A-2")
        }
    }

    @Test func configuredButDisconnectedConnectorSaysSo() {
        let result = DisplaySelector.plan(cards: [twoOutputCard()], configuration: .init(connectorName: "HDMI-A-2"))
        #expect(
            result == .failure(.noUsableCard(reasons: ["/dev/dri/card0: HDMI-A-2 is disconnected or has no modes"])))
    }

    @Test func nothingConnectedAnywhere() {
        let card = twoOutputCard(hdmi1: .disconnected)
        let result = DisplaySelector.plan(cards: [card, renderOnly], configuration: .init())
        #expect(
            result
                == .failure(
                    .noUsableCard(reasons: [
                        "/dev/dri/card0: nothing connected to HDMI-A-1, HDMI-A-2",
                        "/dev/dri/card0: no connectors",
                    ])))
    }

    @Test func noCardsAndMissingConfiguredCard() {
        #expect(DisplaySelector.plan(cards: [], configuration: .init()) == .failure(.noCards))
        let result = DisplaySelector.plan(cards: [twoOutputCard()], configuration: .init(cardPath: "/dev/dri/card3"))
        #expect(result == .failure(.cardNotFound(path: "/dev/dri/card3")))
    }

    @Test func configuredCardRestrictsTheChoice() throws {
        let first = twoOutputCard(path: "/dev/dri/card0")
        let second = twoOutputCard(path: "/dev/dri/card1")
        let plan = try DisplaySelector.plan(cards: [first, second], configuration: .init(cardPath: second.path)).get()
        #expect(plan.cardPath == second.path)
    }

    @Test func currentCRTCModeIsSecondChoice() throws {
        var card = twoOutputCard(boundEncoder: 31, encoderCRTC: 41)
        card.crtcs[0].mode = mode(1280, 720)
        let plan = try DisplaySelector.plan(cards: [card], configuration: .init()).get()
        #expect(plan.modeCandidates.map(\.summary).prefix(2) == ["1920x1080@60.0", "1280x720@60.0"])
    }

    @Test func configuredModeAndMissingModeWarning() throws {
        let card = twoOutputCard()
        let wanted = try DisplaySelector.plan(
            cards: [card], configuration: .init(mode: ModeRequest(width: 1920, height: 1080, refreshHertz: 50))
        ).get()
        #expect(wanted.modeCandidates.first?.summary == "1920x1080@50.0")
        let missing = try DisplaySelector.plan(
            cards: [card], configuration: .init(mode: ModeRequest(width: 640, height: 480))
        ).get()
        #expect(!missing.requestedModeAvailable)
        #expect(missing.modeCandidates.first?.isPreferred == true)
    }

    @Test func rotationFromPanelUnlessConfigured() throws {
        var card = twoOutputCard()
        card.connectors[0].panelOrientation = .rightSideUp
        #expect(try DisplaySelector.plan(cards: [card], configuration: .init()).get().rotation == .clockwise90)
        let configured = try DisplaySelector.plan(cards: [card], configuration: .init(rotation: .clockwise180)).get()
        #expect(configured.rotation == .clockwise180)
    }

    @Test func connectorWithoutCRTCIsReported() {
        var card = twoOutputCard()
        card.encoders = []
        let result = DisplaySelector.plan(cards: [card], configuration: .init())
        #expect(result == .failure(.noUsableCard(reasons: ["/dev/dri/card0: no CRTC can drive HDMI-A-1"])))
    }
}
