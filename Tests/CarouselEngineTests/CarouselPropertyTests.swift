import CarouselEngine
import Testing

/// Thousands of random gestures against the invariants of carousel-feel.md.
@Suite struct CarouselPropertyTests {
    @Test(arguments: [1, 2, 3, 5, 7, 13, 50])
    func randomGesturesKeepEveryInvariant(count: Int) throws {
        var random = SplitMix64(seed: UInt64(count) * 7919)
        let scales = [1.0, 1.5, 2.0, 3.0]
        for run in 0..<100 {
            let scale = scales[run % scales.count]
            let width = random.int(in: 320...1920)
            var driver = try GestureDriver(count: count, width: width, height: 480, scale: scale)
            for _ in 0..<8 {
                let startPage = driver.carousel.nearestPage + driver.carousel.pagesRenormalised
                // A snap with under 2 pt to go counts as at rest: a touch then is no catch.
                let caught = driver.carousel.activeSnap.map { abs($0.target - driver.carousel.position) >= 2 } ?? false
                let actionsBefore = driver.actions.count
                randomGesture(&driver, &random)
                let tapped = driver.actions.count > actionsBefore
                #expect(!(caught && tapped), "a catch became a tap")
                // Sometimes let it settle, sometimes interrupt the snap with the next gesture.
                if random.int(in: 0...2) > 0 {
                    driver.settle()
                    #expect(driver.isCentred)
                    if !caught, count > 1 {
                        #expect(
                            abs(driver.carousel.nearestPage + driver.carousel.pagesRenormalised - startPage) <= 1,
                            "moved more than one banner")
                    }
                } else {
                    driver.step(random.int(in: 1...12))
                }
            }
            driver.settle()
            #expect(driver.isCentred)
            #expect(driver.maxSwapJump == 0)
            #expect(driver.maxDiscontinuity == 0)
            #expect(driver.maxOvershoot <= 0.5)
        }
    }

    /// A random touch: tap, slow drag, flick or a drag that pauses before lifting, sometimes two fingers.
    private func randomGesture(_ driver: inout GestureDriver, _ random: inout SplitMix64) {
        let width = Double(driver.layout.viewportWidthPixels)
        let x0 = random.double(in: 0...(width - 1))
        let y0 = random.double(in: 0...479)
        let frames = random.int(in: 1...30)
        let reach = random.double(in: -1.5 * width...1.5 * width)
        let wobble = random.double(in: -0.6...0.6)
        driver.down(x0, y0)
        let second = random.int(in: 0...5) == 0
        for i in 1...frames {
            driver.step()
            let f = Double(i) / Double(frames)
            driver.move(x0 + reach * f, y0 + reach * wobble * f)
            if second, i == frames / 2 { driver.down(x0, y0, slot: 1) }
        }
        if random.int(in: 0...3) == 0 { driver.step(random.int(in: 1...6)) }  // pause before lifting
        if second {
            driver.up(slot: 0)
            driver.step()
            driver.move(x0 + reach * 0.2, y0, slot: 1)
            driver.up(slot: 1)
        } else if random.int(in: 0...15) == 0 {
            driver.send(.touchCancel(slot: 0, time: driver.time))
        } else {
            driver.up()
        }
    }

    @Test func engineStateDoesNotGrowWithTheNumberOfBanners() throws {
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1)
        var small = Carousel(layout: layout, count: 3)
        var huge = Carousel(layout: layout, count: 1_000_000)
        for frame in 1...600 {
            small.advance(to: FramePacer.step * frame)
            huge.advance(to: FramePacer.step * frame)
        }
        #expect(MemoryLayout.size(ofValue: small) == MemoryLayout.size(ofValue: huge))
        #expect(small.recycler?.rebindCount == huge.recycler?.rebindCount)
    }
}
