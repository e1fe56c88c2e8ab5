import CarouselEngine
import Testing

@Suite struct PrerenderWindowTests {
    @Test func atRestTheWindowIsThePageAndTwoEitherSideNextFirst() throws {
        let driver = try GestureDriver(count: 10, startIndex: 4)
        var window: [Int] = []
        PrerenderWindow.fill(&window, around: driver.carousel)
        #expect(window == [4, 5, 3, 6, 2])
    }

    @Test func eachBannerOnceWhenThereAreFewerThanFive() throws {
        var window: [Int] = []
        PrerenderWindow.fill(&window, around: try GestureDriver(count: 3).carousel)
        #expect(window == [0, 1, 2])
        PrerenderWindow.fill(&window, around: try GestureDriver(count: 1).carousel)
        #expect(window == [0])
    }

    @Test func aSnapMovesTheWindowToWhereItHeads() throws {
        var driver = try GestureDriver(count: 10, startIndex: 4)
        driver.swipe(from: 600, to: 300, frames: 6)
        driver.step()
        let snap = try #require(driver.carousel.activeSnap)
        let target = Int((snap.target / driver.pageStep).rounded())
        #expect(driver.carousel.nearestPage == 4)  // still nearer where it was: the window leads
        #expect(PrerenderWindow.centre(of: driver.carousel) == target)
        var window: [Int] = []
        PrerenderWindow.fill(&window, around: driver.carousel)
        #expect(window == [5, 6, 4, 7, 3])
    }

    @Test func readyOnlyWhenEveryBannerOfTheWindowIsRendered() throws {
        let carousel = try GestureDriver(count: 10, startIndex: 4).carousel
        #expect(PrerenderWindow.isReady(around: carousel) { (2...6).contains($0) })
        for missing in 2...6 {
            #expect(!PrerenderWindow.isReady(around: carousel) { $0 != missing }, "banner \(missing) missing")
        }
        #expect(PrerenderWindow.isReady(around: try GestureDriver(count: 0).carousel) { _ in false })
    }
}
