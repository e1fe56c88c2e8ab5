import CarouselEngine
import Testing

@Suite struct CarouselCountTests {
    @Test func noBannersIgnoreTouchAndNeverWantFrames() throws {
        var driver = try GestureDriver(count: 0)
        driver.swipe(from: 700, to: 100, frames: 5)
        driver.step(600)
        #expect(driver.carousel.visibleViews().map(\.banner).isEmpty)
        #expect(driver.framesChanged == 0)
        #expect(driver.carousel.nextAutoplayTime == nil)
        #expect(driver.carousel.wantsFrames == false)
        #expect(driver.actions.isEmpty)
    }

    @Test func oneBannerIsCentredWithoutEarsAndRubberBands() throws {
        var driver = try GestureDriver(count: 1)
        let views = driver.carousel.visibleViews()
        #expect(views.left == nil && views.right == nil)
        #expect(views.center?.x == 16)
        #expect(driver.carousel.nextAutoplayTime == nil)
        driver.down(700)
        for x in stride(from: 690.0, through: 50, by: -40) {
            driver.step()
            driver.move(x)
            // Resistance: the banner moves less than the finger, and never half a screen.
            #expect(driver.carousel.position < 700 - x)
            #expect(driver.carousel.position < 400)
        }
        driver.up()
        let frames = driver.settle()
        #expect(driver.carousel.position == 0)
        #expect(frames <= 36)
        #expect(driver.carousel.index == 0)
        driver.send(.key(.right, time: driver.time))
        #expect(driver.carousel.phase == .rest)
    }

    @Test func twoBannersStayEndlessWithTheOtherOnBothSides() throws {
        var driver = try GestureDriver(count: 2)
        let views = driver.carousel.visibleViews()
        #expect(views.left?.banner == 1 && views.center?.banner == 0 && views.right?.banner == 1)
        for expected in [1, 0, 1, 0, 1] {
            driver.swipe(from: 700, to: 300, frames: 5)
            driver.settle()
            #expect(driver.carousel.index == expected)
            let shown = driver.carousel.visibleViews()
            #expect(shown.left?.banner == 1 - expected && shown.right?.banner == 1 - expected)
        }
        #expect(driver.maxSwapJump == 0 && driver.maxDiscontinuity == 0)
    }

    @Test func twoBannersBehaveLikeSevenApartFromContent() throws {
        func positions(count: Int) throws -> [Double] {
            var driver = try GestureDriver(count: count)
            var trail: [Double] = []
            for (from, to) in [(700.0, 300.0), (300.0, 700.0), (650.0, 100.0), (200.0, 210.0)] {
                driver.swipe(from: from, to: to, frames: 4)
                for _ in 0..<40 {
                    driver.step()
                    trail.append(driver.carousel.position)
                }
            }
            return trail
        }
        #expect(try positions(count: 2) == positions(count: 7))
    }
}

@Suite struct CarouselAutoplayTests {
    @Test func advancesEveryIntervalAndNeverWhileTouched() throws {
        var driver = try GestureDriver(count: 4)
        #expect(driver.carousel.nextAutoplayTime == .seconds(5))
        driver.step(299)
        #expect(driver.carousel.phase == .rest)
        driver.step(2)  // 5 s falls between frames 300 and 301 (a frame is a hair under 1/60 s)
        #expect(driver.carousel.phase == .autoplay)
        driver.settle()
        #expect(driver.carousel.index == 1)
        // Held down across the due time: nothing moves.
        driver.down(400)
        driver.step(400)
        #expect(driver.carousel.index == 1 && driver.carousel.phase == .drag)
        driver.up()
        let lifted = driver.time
        driver.settle()
        // After an interaction the full interval restarts once at rest.
        #expect(driver.carousel.nextAutoplayTime == lifted + .seconds(5))
    }

    @Test func canBeCaughtLikeAnyMotion() throws {
        var driver = try GestureDriver(count: 4)
        driver.step(305)
        #expect(driver.carousel.phase == .autoplay)
        let onScreen = driver.carousel.position
        driver.down(400)
        driver.step()
        #expect(driver.carousel.position == onScreen)
        driver.up()
        driver.settle()
        #expect(driver.actions.isEmpty)
        #expect(driver.isCentred)
    }

    @Test func offMeansNoWakeUps() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = nil
        var driver = try GestureDriver(count: 4, metrics: metrics)
        driver.step(1000)
        #expect(driver.carousel.nextAutoplayTime == nil)
        #expect(driver.framesChanged == 0)
    }

    @Test func restingFramesRenderNothingAndPositionStaysBounded() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = .milliseconds(700)
        var driver = try GestureDriver(count: 3, metrics: metrics)
        var restingChanges = 0
        for _ in 0..<(60 * 120) {
            let resting = driver.carousel.phase == .rest && (driver.carousel.nextAutoplayTime ?? .zero) > driver.time
            let changedBefore = driver.framesChanged
            driver.step()
            if resting, driver.carousel.phase == .rest, driver.framesChanged != changedBefore { restingChanges += 1 }
            #expect(abs(driver.carousel.position) <= 3 * driver.pageStep)
        }
        #expect(restingChanges == 0)
        #expect(driver.carousel.rebaseCount > 50)
        #expect(driver.maxSwapJump == 0 && driver.maxDiscontinuity == 0)
    }
}

@Suite struct CarouselKeyTests {
    @Test func arrowsHomeEndAndEnter() throws {
        var driver = try GestureDriver(count: 6)
        driver.send(.key(.right, time: driver.time))
        driver.step()
        driver.send(.key(.right, time: driver.time))  // during the snap: one more
        driver.settle()
        #expect(driver.carousel.index == 2)
        for (key, expected) in [(CarouselKey.left, 1), (.end, 5), (.home, 0), (.left, 5)] {
            driver.send(.key(key, time: driver.time))
            driver.settle()
            #expect(driver.carousel.index == expected, "after \(key)")
        }
        driver.send(.key(.enter, time: driver.time))
        #expect(driver.actions == [.activated(banner: 5)])
        #expect(driver.maxSwapJump == 0 && driver.maxDiscontinuity == 0)
    }
}

@Suite struct CarouselRemoteTests {
    @Test func showGoesTheShortWayRound() throws {
        var driver = try GestureDriver(count: 10)
        driver.carousel.show(banner: 8, at: driver.time)
        #expect(driver.carousel.activeSnap?.target == -2 * driver.pageStep)
        driver.settle()
        #expect(driver.carousel.index == 8)
        driver.carousel.show(banner: 3, at: driver.time)
        driver.settle()
        #expect(driver.carousel.index == 3)
        driver.carousel.show(banner: 42, at: driver.time)
        #expect(driver.carousel.phase == .rest)
        driver.down(400)
        driver.carousel.show(banner: 5, at: driver.time)
        #expect(driver.carousel.phase == .drag)
        #expect(driver.maxSwapJump == 0 && driver.maxDiscontinuity == 0)
    }

    @Test func pausedAutoplayWaitsUntilResumed() throws {
        var driver = try GestureDriver(count: 3)
        driver.carousel.autoplayPaused = true
        driver.step(60 * 20)
        #expect(driver.carousel.index == 0 && driver.framesChanged == 0)
        driver.carousel.autoplayPaused = false
        driver.step(2)
        #expect(driver.carousel.phase == .autoplay)
    }
}
