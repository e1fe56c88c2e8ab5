import FrameLoop
import Testing

/// When reloaded content replaces what is on screen.
@Suite struct StagedContentTests {
    let swap = StagedContent(since: .seconds(100))

    @Test func itWaitsForItsBannersAndForTheCarouselToRest() {
        #expect(!swap.isDue(at: .seconds(100), ready: false, settled: true))
        #expect(!swap.isDue(at: .seconds(101), ready: true, settled: false))  // sliding: a swap would jump
        #expect(swap.isDue(at: .seconds(101), ready: true, settled: true))
    }

    @Test func patienceRunsOutForBannersThatTakeTooLongButNeverMidMotion() {
        #expect(swap.deadline == .seconds(110))
        #expect(!swap.isDue(at: .milliseconds(109_999), ready: false, settled: true))
        #expect(swap.isDue(at: .seconds(110), ready: false, settled: true))
        #expect(!swap.isDue(at: .seconds(200), ready: false, settled: false))
    }
}
