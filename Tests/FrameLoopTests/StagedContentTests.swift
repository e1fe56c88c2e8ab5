import FrameLoop
import Testing

/// When reloaded content replaces what is on screen.
@Suite struct StagedContentTests {
    let swap = StagedContent(since: .seconds(100), showing: 3, restingSince: .seconds(90))

    @Test func itWaitsForItsBannersAndForTheCarouselToRest() {
        #expect(!swap.isDue(at: .seconds(100), ready: false, settled: true))
        #expect(!swap.isDue(at: .seconds(101), ready: true, settled: false))  // sliding: a swap would jump
        #expect(swap.isDue(at: .seconds(101), ready: true, settled: true))
    }

    @Test func patienceRunsOutForBannersThatTakeTooLongButNeverMidMotion() {
        #expect(swap.deadline == .seconds(100) + RenderingPatience.sinceLastBanner)
        #expect(!swap.isDue(at: swap.deadline - .milliseconds(1), ready: false, settled: true))
        #expect(swap.isDue(at: swap.deadline, ready: false, settled: true))
        #expect(!swap.isDue(at: .seconds(1000), ready: false, settled: false))
    }

    /// A slow renderer that keeps delivering is waited for (a loaded board took over 10 s for three photos and the
    /// update came in with placeholders); one that stops is not.
    @Test func eachBannerRenderedRenewsThePatience() {
        var slow = swap
        let patience = RenderingPatience.sinceLastBanner
        slow.bannersRendered(at: .seconds(100) + patience - .seconds(1))
        slow.bannersRendered(at: .seconds(100) + patience * 2 - .seconds(2))
        #expect(!slow.isDue(at: .seconds(100) + patience * 3 - .seconds(3), ready: false, settled: true))
        #expect(slow.isDue(at: .seconds(100) + patience * 3 - .seconds(2), ready: false, settled: true))
        slow.bannersRendered(at: .seconds(50))  // an old wake-up read late does not shorten the wait
        #expect(slow.deadline == .seconds(100) + patience * 3 - .seconds(2))
    }

    /// Its carousel is made again only when the one on screen comes to another rest, however many steps pass.
    @Test func itFollowsTheCarouselOnScreenFromRestToRest() {
        var staged = swap
        let rests: [(index: Int, since: Duration)] = [
            (3, .seconds(90)), (4, .seconds(90)), (4, .seconds(90)), (4, .seconds(105)), (4, .seconds(105)),
        ]
        // Made again when a finger drags it past half a page, and when it rests on the same banner anew.
        let remade = rests.map { staged.follow(index: $0.index, since: $0.since) }
        #expect(remade == [false, true, false, true, false])
    }

    @Test func withNothingOnGlassItTakesOverAtOnce() {
        #expect(StagedContent.takesOverAtOnce(hasDisplay: false, lit: true))
        #expect(StagedContent.takesOverAtOnce(hasDisplay: true, lit: false))
        #expect(!StagedContent.takesOverAtOnce(hasDisplay: true, lit: true))
    }
}
