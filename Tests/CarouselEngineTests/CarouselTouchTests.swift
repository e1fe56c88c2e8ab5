import CarouselEngine
import Testing

@Suite struct CarouselTouchTests {
    @Test func dragFollowsTheFingerOneToOneAfterTheSlop() throws {
        var driver = try GestureDriver(count: 5, scale: 2)
        driver.down(600)
        driver.step()
        driver.move(590)  // 5 pt: inside the 16 pt slop, nothing moves
        #expect(driver.carousel.position == 0)
        driver.move(560)  // 20 pt: past the slop; content starts from where the finger crossed it
        #expect(abs(driver.carousel.position - 4) < 1e-9)
        for x in stride(from: 550.0, through: 100, by: -37) {
            driver.step()
            driver.move(x)
            // Tracking error: the content moves exactly as far as the finger, in points.
            #expect(abs(driver.carousel.position - (4 + (560 - x) / 2)) < 1e-9)
        }
        #expect(driver.carousel.phase == .drag)
    }

    @Test func aSwipeMovesExactlyOneBannerAndSettlesQuickly() throws {
        var driver = try GestureDriver(count: 7)
        driver.swipe(from: 700, to: 300, frames: 6)
        let frames = driver.settle()
        #expect(driver.carousel.index == 1)
        #expect(driver.isCentred)
        #expect(Double(frames) / 60 <= 0.45)
        #expect(driver.maxOvershoot <= 0.5)
        #expect(driver.maxSwapJump == 0)
        #expect(driver.maxDiscontinuity == 0)
        #expect(driver.actions.isEmpty)
    }

    @Test func aSlowDragPastHalfwayAlsoMovesOneBanner() throws {
        var driver = try GestureDriver(count: 3)
        driver.drag(from: 774, through: 300, by: -4)
        driver.step(5)  // the finger rests: no velocity
        driver.up()
        driver.settle()
        #expect(driver.carousel.index == 1)
        #expect(driver.isCentred)
    }

    @Test func aSmallDragSpringsBack() throws {
        var driver = try GestureDriver(count: 3)
        driver.drag(from: 400, through: 300, by: -5)
        driver.step(4)
        driver.up()
        driver.settle()
        #expect(driver.carousel.index == 0)
        #expect(driver.isCentred)
    }

    @Test func aFingerCatchesAMovingCarouselWithinOneFrame() throws {
        var driver = try GestureDriver(count: 5)
        driver.swipe(from: 700, to: 400, frames: 3)
        driver.step(4)
        #expect(driver.carousel.phase == .snap)
        let onScreen = driver.carousel.position
        driver.down(400)
        #expect(driver.carousel.position == onScreen)
        driver.step()
        #expect(driver.carousel.position == onScreen)  // frozen in the same frame
        #expect(driver.carousel.phase == .drag)
        driver.step(10)
        #expect(driver.carousel.position == onScreen)
        driver.up()  // lifted without moving: snaps to the nearest page, and is no tap
        driver.settle()
        #expect(driver.actions.isEmpty)
        #expect(driver.isCentred)
        #expect(driver.carousel.nearestPage == Int((onScreen / driver.pageStep).rounded()))
    }

    @Test func aCaughtCarouselFollowsTheFingerWithoutSlop() throws {
        var driver = try GestureDriver(count: 5)
        driver.swipe(from: 700, to: 400, frames: 3)
        driver.step(4)
        let onScreen = driver.carousel.position
        driver.down(400)
        driver.step()
        driver.move(397)
        #expect(abs(driver.carousel.position - (onScreen + 3)) < 1e-9)
    }

    @Test func anAlmostFinishedSnapCountsAsRestSoATapWorks() throws {
        var driver = try GestureDriver(count: 5)
        driver.swipe(from: 700, to: 400, frames: 3)
        while let spring = driver.carousel.activeSnap, abs(spring.target - driver.carousel.position) >= 2 {
            driver.step()
        }
        #expect(driver.carousel.activeSnap != nil)
        driver.down(400)
        #expect(driver.isCentred == false)  // a drag phase now, but exactly on the page
        #expect(driver.carousel.position == Double(driver.carousel.nearestPage) * driver.pageStep)
        driver.step(3)
        driver.up()
        #expect(driver.actions == [.activated(banner: 1)])
    }

    @Test func tapsActivateTheCentreAndMoveToNeighbours() throws {
        var driver = try GestureDriver(count: 4)
        driver.down(400)
        driver.step(5)
        driver.up()
        #expect(driver.actions == [.activated(banner: 0)])
        driver.settle()
        driver.down(795)
        driver.step(3)
        driver.up()
        #expect(driver.actions.last == .tappedNeighbour(banner: 1))
        driver.settle()
        #expect(driver.carousel.index == 1)
        driver.down(3)
        driver.step(3)
        driver.up()
        driver.settle()
        #expect(driver.actions.last == .tappedNeighbour(banner: 0))
        #expect(driver.carousel.index == 0)
        // Between the banners' bottom edge and the screen's: no activation.
        driver.down(400, 475)
        driver.step()
        driver.up()
        #expect(driver.actions.count == 3)
    }

    @Test func aLongPressIsNotATap() throws {
        var driver = try GestureDriver(count: 4)
        driver.down(400)
        driver.step(25)  // 417 ms
        driver.up()
        #expect(driver.actions.isEmpty)
        #expect(driver.settle() == 0)
    }

    @Test func mostlyVerticalDragsAreIgnoredUntilLift() throws {
        var driver = try GestureDriver(count: 4)
        driver.down(400, 100)
        for i in 1...20 {
            driver.step()
            driver.move(400 - Double(i) * 3, 100 + Double(i) * 10)
        }
        #expect(driver.carousel.position == 0)
        driver.up()
        #expect(driver.actions.isEmpty)
        driver.settle()
        #expect(driver.carousel.index == 0)
    }

    @Test func aSecondFingerTakesOverWithoutAJump() throws {
        var driver = try GestureDriver(count: 5)
        driver.drag(from: 700, through: 600, by: -10, slot: 0)
        driver.down(300, slot: 1)  // the second finger does not drive while the first is down
        driver.step()
        driver.move(250, slot: 1)
        let held = driver.carousel.position
        #expect(held > 0)
        driver.step()
        driver.up(slot: 0)
        #expect(driver.carousel.position == held)
        driver.step()
        driver.move(240, slot: 1)
        #expect(abs(driver.carousel.position - (held + 10)) < 1e-9)
        driver.step(5)
        driver.up(slot: 1)
        driver.settle()
        #expect(driver.isCentred)
        #expect(driver.actions.isEmpty)
    }

    @Test func cancelSnapsToTheNearestPageWithoutVelocity() throws {
        var driver = try GestureDriver(count: 5)
        driver.down(700)
        for x in stride(from: 680.0, through: 300, by: -60) {
            driver.step()
            driver.move(x)
        }
        driver.send(.touchCancel(slot: 0, time: driver.time))
        #expect(driver.carousel.activeSnap?.startVelocity == 0)
        driver.settle()
        #expect(driver.carousel.index == 0)  // 364 of 776 pt: the nearest page is still the first
        #expect(driver.actions.isEmpty)
    }

    @Test func aMouseDragActsAsAFinger() throws {
        var driver = try GestureDriver(count: 3)
        driver.send(.pointerMotion(position: PixelPoint(x: 700, y: 200), time: driver.time))
        driver.send(.pointerButton(pressed: true, time: driver.time))
        for x in stride(from: 650.0, through: 300, by: -70) {
            driver.step()
            driver.send(.pointerMotion(position: PixelPoint(x: x, y: 200), time: driver.time))
        }
        driver.send(.pointerButton(pressed: false, time: driver.time))
        driver.settle()
        #expect(driver.carousel.index == 1)
        // Motion with the button up does nothing.
        driver.send(.pointerMotion(position: PixelPoint(x: 100, y: 200), time: driver.time))
        #expect(driver.carousel.phase == .rest)
    }

    @Test func millimetreSlopUsesThePanelsPhysicalSize() throws {
        var driver = try GestureDriver(count: 3)
        func mm(_ x: Double) -> MillimetrePoint { MillimetrePoint(x: x, y: 50) }
        driver.send(.touchDown(slot: 0, position: PixelPoint(x: 400, y: 240), millimetres: mm(80), time: .zero))
        // 30 px but only 2 mm on this coarse panel: still inside the 2.5 mm slop.
        driver.send(.touchMotion(slot: 0, position: PixelPoint(x: 370, y: 240), millimetres: mm(78), time: .zero))
        #expect(driver.carousel.position == 0)
        driver.send(.touchMotion(slot: 0, position: PixelPoint(x: 350, y: 240), millimetres: mm(75), time: .zero))
        // Crossed at half the way (2.5 of 5 mm): the content starts from there, 25 px along.
        #expect(abs(driver.carousel.position - 25) < 1e-9)
    }
}
