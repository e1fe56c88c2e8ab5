import DisplaySelection
import Testing

@Suite struct ModeSelectionTests {
    let small = mode(1280, 720)
    let preferred = mode(1024, 768, 75, preferred: true)
    let big50 = mode(1920, 1080, 50)
    let big60 = mode(1920, 1080, 60)
    let huge30 = mode(3840, 2160, 30)
    let interlaced = mode(3840, 2160, 60, interlaced: true)

    var all: [ModeInfo] { [small, preferred, big50, interlaced, big60, huge30] }

    @Test func configuredModeComesFirst() {
        let order = ModeSelection.candidates(
            modes: all, requested: ModeRequest(width: 1920, height: 1080), current: nil)
        #expect(order.prefix(3) == [big60, big50, preferred])
    }

    @Test func configuredRefreshPicksTheMatchingMode() {
        let order = ModeSelection.candidates(
            modes: all, requested: ModeRequest(width: 1920, height: 1080, refreshHertz: 50), current: nil)
        #expect(order.first == big50)
        #expect(order.dropFirst().first == preferred)
    }

    @Test func preferredThenCurrentThenLargestThenRefresh() {
        let order = ModeSelection.candidates(modes: all, requested: nil, current: small)
        #expect(order == [preferred, small, huge30, big60, big50, interlaced])
    }

    @Test func currentModeMissingFromTheListIsStillTried() {
        let firmware = mode(1366, 768)
        let order = ModeSelection.candidates(modes: [small, big60], requested: nil, current: firmware)
        #expect(order == [firmware, big60, small])
    }

    @Test func noPreferredNoCurrentMeansLargestFirstNeverModesZero() {
        let order = ModeSelection.candidates(modes: [small, big50, big60], requested: nil, current: nil)
        #expect(order == [big60, big50, small])
    }

    @Test func missingRequestFallsBackAndIsReported() {
        let request = ModeRequest(width: 800, height: 480)
        let order = ModeSelection.candidates(modes: all, requested: request, current: nil)
        #expect(order.first == preferred)
        #expect(!ModeSelection.requestIsAvailable(request, in: all))
        #expect(ModeSelection.requestIsAvailable(ModeRequest(width: 1280, height: 720), in: all))
    }

    @Test func noDuplicatesAndNothingLost() {
        let order = ModeSelection.candidates(
            modes: all, requested: ModeRequest(width: 1024, height: 768), current: preferred)
        #expect(order.count == all.count)
        #expect(Set(order.map(\.summary)).count == all.count)
    }

    @Test func emptyListGivesOnlyCurrent() {
        #expect(ModeSelection.candidates(modes: [], requested: nil, current: nil).isEmpty)
        #expect(ModeSelection.candidates(modes: [], requested: nil, current: small) == [small])
    }
}
