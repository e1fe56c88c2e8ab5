import DisplaySelection
import Testing

@Suite struct CRTCSelectionTests {
    @Test func crtcBoundToTheCurrentEncoderWins() {
        let card = twoOutputCard(boundEncoder: 31, encoderCRTC: 42)
        let crtc = CRTCSelection.crtcID(for: card.connectors[0], encoders: card.encoders, crtcs: card.crtcs)
        #expect(crtc == 42)
    }

    @Test func unboundEncoderUsesFirstPossibleCRTC() {
        let card = twoOutputCard()
        #expect(CRTCSelection.crtcID(for: card.connectors[0], encoders: card.encoders, crtcs: card.crtcs) == 41)
        // Encoder 32 may only use the CRTC at index 1.
        #expect(CRTCSelection.crtcID(for: card.connectors[1], encoders: card.encoders, crtcs: card.crtcs) == 42)
    }

    @Test func excludedCRTCsAreSkipped() {
        let card = twoOutputCard(boundEncoder: 31, encoderCRTC: 41)
        let crtc = CRTCSelection.crtcID(
            for: card.connectors[0], encoders: card.encoders, crtcs: card.crtcs, excluding: [41])
        #expect(crtc == 42)
        #expect(
            CRTCSelection.crtcID(
                for: card.connectors[1], encoders: card.encoders, crtcs: card.crtcs, excluding: [42]) == nil)
    }

    @Test func boundCRTCMissingFromTheListFallsBackToTheMask() {
        let card = twoOutputCard(boundEncoder: 31, encoderCRTC: 99)
        #expect(CRTCSelection.crtcID(for: card.connectors[0], encoders: card.encoders, crtcs: card.crtcs) == 41)
    }

    @Test func noEncodersMeansNoCRTC() {
        let lonely = connector(id: 1, .dsi, 1, .connected, modes: [mode(800, 480)])
        #expect(CRTCSelection.crtcID(for: lonely, encoders: [], crtcs: [CRTCInfo(id: 7)]) == nil)
        let unknownEncoder = connector(id: 1, .dsi, 1, .connected, modes: [], possible: [5])
        #expect(CRTCSelection.crtcID(for: unknownEncoder, encoders: [], crtcs: [CRTCInfo(id: 7)]) == nil)
    }
}
