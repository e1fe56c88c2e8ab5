import CarouselEngine
import Testing

/// Per-banner autoplay intervals (a manifest's `duration`), in simulated time.
@Suite struct AutoplayIntervalTests {
    /// A lookup answering nil past the end of `list`.
    private func intervals(_ list: [Duration?]) -> @Sendable (Int) -> Duration? {
        { list.indices.contains($0) ? list[$0] : nil }
    }

    /// Steps until autoplay has moved and settled, returning the time autoplay started.
    @discardableResult
    private func nextAdvance(_ driver: inout GestureDriver) -> Duration {
        while driver.carousel.phase == .rest { driver.step() }
        let started = driver.time
        driver.settle()
        return started
    }

    @Test func eachBannerRestsForItsOwnIntervalAroundTheWholeCycle() throws {
        var driver = try GestureDriver(count: 3)
        driver.carousel.ownAutoplayInterval = intervals([.seconds(2), nil, .seconds(9)])
        var rests: [Int: Duration] = [:]
        var restStart = Duration.zero
        for _ in 0..<6 {
            let shown = driver.carousel.index
            let started = nextAdvance(&driver)
            let rested = started - restStart
            // The first frame at or after the due time starts the move.
            if let earlier = rests[shown] { #expect(earlier == rested) }
            rests[shown] = rested
            restStart = driver.time
        }
        let frame = FramePacer.step
        #expect(rests[0].map { $0 >= .seconds(2) && $0 < .seconds(2) + frame } == true)
        #expect(rests[1].map { $0 >= .seconds(5) && $0 < .seconds(5) + frame } == true)
        #expect(rests[2].map { $0 >= .seconds(9) && $0 < .seconds(9) + frame } == true)
    }

    @Test func theDeadlineFollowsTheBannerOnScreen() throws {
        var driver = try GestureDriver(count: 4)
        driver.carousel.ownAutoplayInterval = intervals([.seconds(1), .seconds(30)])
        #expect(driver.carousel.nextAutoplayTime == .seconds(1))
        nextAdvance(&driver)
        #expect(driver.carousel.index == 1)
        #expect(driver.carousel.nextAutoplayTime == driver.time + .seconds(30))
        driver.step(60 * 29)
        #expect(driver.carousel.phase == .rest && driver.carousel.index == 1)
        nextAdvance(&driver)
        // Past the list's end: the default interval.
        #expect(driver.carousel.index == 2)
        #expect(driver.carousel.nextAutoplayTime == driver.time + .seconds(5))
    }

    @Test func noIntervalOfItsOwnOrANonPositiveOneFallsBackToTheDefault() throws {
        let driver = try GestureDriver(count: 3)
        var carousel = driver.carousel
        carousel.ownAutoplayInterval = intervals([nil, .zero, .seconds(-3)])
        for index in 0..<4 { #expect(carousel.autoplayInterval(for: index) == .seconds(5)) }
    }

    @Test func autoplayOffStaysOffWhateverTheBannersSay() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = nil
        var driver = try GestureDriver(count: 3, metrics: metrics)
        driver.carousel.ownAutoplayInterval = intervals([.seconds(1), .seconds(1), .seconds(1)])
        #expect(driver.carousel.autoplayInterval(for: 0) == nil)
        #expect(driver.carousel.nextAutoplayTime == nil)
        driver.step(600)
        #expect(driver.framesChanged == 0)
    }
}
