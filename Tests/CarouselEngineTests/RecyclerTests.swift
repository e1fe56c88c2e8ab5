import CarouselEngine
import Testing

@Suite struct RecyclerTests {
    @Test func startsWithNeighboursAroundThePage() {
        let recycler = Recycler(count: 5, page: 0)
        #expect(recycler.banner(for: .left) == 4)
        #expect(recycler.banner(for: .center) == 0)
        #expect(recycler.banner(for: .right) == 1)
        #expect(recycler.rebindCount == 0)
    }

    @Test func passingHalfAPageRotatesTheViewsAndRebindsOne() {
        var recycler = Recycler(count: 5, page: 1)
        let views = ViewRole.allCases.map { recycler.view(for: $0) }
        #expect(recycler.recenter(position: 150, pageStep: 100) == 0)  // exactly half a page: no move
        #expect(recycler.recenter(position: 150.001, pageStep: 100) == 1)
        // 1-2-3 becomes 2-3-1: the old centre is the new left, the old left re-enters on the right.
        #expect(recycler.view(for: .left) == views[1])
        #expect(recycler.view(for: .center) == views[2])
        #expect(recycler.view(for: .right) == views[0])
        #expect(recycler.banner(for: .right) == 3)
        #expect(recycler.rebindCount == 1)
        #expect(abs(recycler.stripOffset(position: 150.001, pageStep: 100) - 50.001) < 1e-9)
        #expect(recycler.recenter(position: 149.9, pageStep: 100) == -1)
        #expect(recycler.view(for: .left) == views[0])
        #expect(recycler.banner(for: .left) == 0)
        #expect(recycler.rebindCount == 2)
    }

    @Test func aHugeStepRecentresSeveralPagesInOneCall() {
        var recycler = Recycler(count: 7, page: 0)
        #expect(recycler.recenter(position: 1234, pageStep: 100) == 12)
        #expect(recycler.centerPage == 12)
        #expect(recycler.banner(for: .center) == 12 % 7)
        #expect(recycler.banner(for: .left) == 11 % 7)
        #expect(recycler.banner(for: .right) == 13 % 7)
        #expect(recycler.recenter(position: -1234, pageStep: 100) == -24)
        #expect(recycler.banner(for: .center) == 2)  // page −12 ≡ 2 (mod 7)
    }

    @Test func pagesWrapForNegativeIndices() {
        let recycler = Recycler(count: 3, page: 0)
        #expect(recycler.banner(atPage: -1) == 2)
        #expect(recycler.banner(atPage: -3) == 0)
        #expect(recycler.banner(atPage: -4) == 2)
        #expect(recycler.banner(atPage: 7) == 1)
    }

    @Test func twoBannersShowTheOtherOnBothSides() {
        var recycler = Recycler(count: 2, page: 0)
        #expect(recycler.banner(for: .left) == 1 && recycler.banner(for: .right) == 1)
        recycler.recenter(position: 60, pageStep: 100)
        #expect(recycler.banner(for: .center) == 1)
        #expect(recycler.banner(for: .left) == 0 && recycler.banner(for: .right) == 0)
    }

    @Test func shiftingByWholeCyclesKeepsBindings() {
        var recycler = Recycler(count: 4, page: 9)
        let before = ViewRole.allCases.map { recycler.banner(for: $0) }
        recycler.shift(byPages: -8)
        #expect(recycler.centerPage == 1)
        #expect(ViewRole.allCases.map { recycler.banner(for: $0) } == before)
    }

    /// Back onto the wall clock's timeline: the right view shows the banner autoplay brings in and the pages after it
    /// follow on from there; the centre and left views keep theirs. A page rebound later, either side, follows the
    /// new order.
    @Test func rebindingTheNextPageChangesOnlyTheRightViewAndWhatFollows() {
        var recycler = Recycler(count: 6, page: 2)
        recycler.rebindNext(to: 5)
        #expect(ViewRole.allCases.map { recycler.banner(for: $0) } == [1, 2, 5])
        #expect((1...5).map { recycler.banner(atPage: $0) } == [1, 2, 5, 0, 1])
        #expect(recycler.rebindCount == 1)
        recycler.recenter(position: 300, pageStep: 100)
        #expect(ViewRole.allCases.map { recycler.banner(for: $0) } == [2, 5, 0])
        // Whole cycles later, the same banners.
        recycler.shift(byPages: -6)
        #expect(ViewRole.allCases.map { recycler.banner(for: $0) } == [2, 5, 0])
        // Back one page: the page entering on the left is the one before 2 in the new order.
        recycler.recenter(position: -400, pageStep: 100)
        #expect(ViewRole.allCases.map { recycler.banner(for: $0) } == [3, 2, 5])
    }
}
