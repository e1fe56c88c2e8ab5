import CarouselEngine
import Testing

@Suite struct VelocityTrackerTests {
    @Test func fitsAConstantSpeedExactly() {
        var tracker = VelocityTracker()
        for i in 0..<10 { tracker.add(100 + 2.5 * Double(i * 8), at: .milliseconds(i * 8)) }
        #expect(abs(tracker.velocity(liftTime: .milliseconds(72)) - 2500) < 1e-6)
    }

    @Test func usesOnlyTheLast100Milliseconds() {
        var tracker = VelocityTracker()
        // Slow for 300 ms, then fast for the last 96 ms: only the fast part counts.
        for ms in stride(from: 0, through: 300, by: 10) { tracker.add(Double(ms) * 0.1, at: .milliseconds(ms)) }
        for ms in stride(from: 308, through: 396, by: 8) {
            tracker.add(30 + Double(ms - 300) * 3, at: .milliseconds(ms))
        }
        #expect(abs(tracker.velocity(liftTime: .milliseconds(400)) - 3000) < 1e-6)
    }

    @Test func aPauseBeforeLiftingMeansNoVelocity() {
        var tracker = VelocityTracker()
        for i in 0..<5 { tracker.add(Double(i) * 20, at: .milliseconds(i * 10)) }
        #expect(tracker.velocity(liftTime: .milliseconds(81)) == 0)  // 41 ms since the last sample
        #expect(abs(tracker.velocity(liftTime: .milliseconds(80)) - 2000) < 1e-6)  // 40 ms is not a pause yet
    }

    @Test func fewSamplesFallBackToTwoPointsThenZero() {
        var tracker = VelocityTracker()
        #expect(tracker.velocity(liftTime: .zero) == 0)
        tracker.add(10, at: .milliseconds(0))
        #expect(tracker.velocity(liftTime: .milliseconds(1)) == 0)
        tracker.add(30, at: .milliseconds(10))
        #expect(abs(tracker.velocity(liftTime: .milliseconds(10)) - 2000) < 1e-9)
        tracker.reset()
        #expect(tracker.velocity(liftTime: .milliseconds(10)) == 0)
    }

    @Test func keepsTwentySamplesInARing() {
        var tracker = VelocityTracker()
        for i in 0..<1000 { tracker.add(Double(i), at: .milliseconds(i)) }
        #expect(abs(tracker.velocity(liftTime: .milliseconds(999)) - 1000) < 1e-6)
    }
}

@Suite struct SnapSpringTests {
    @Test func settlesWithinTheFeelNumbers() {
        // 10 pt from rest takes about 190 ms and 1000 pt about 400 ms (carousel-feel.md).
        #expect(abs(settleTime(offset: 10) - 0.19) < 0.03)
        #expect(abs(settleTime(offset: 1000) - 0.42) < 0.04)
    }

    @Test func neverOvershootsWhateverTheStartVelocity() {
        var random = SplitMix64(seed: 7)
        for _ in 0..<5000 {
            let offset = random.double(in: -3000...3000)
            let velocity = random.double(in: -8000...8000)
            let spring = SnapSpring(from: offset, velocity: velocity, to: 0, at: .zero, frequency: 25)
            for frame in 0...36 {
                let x = spring.state(at: FramePacer.step * frame).position
                #expect(x * (offset < 0 ? 1 : -1) <= 1e-9 || offset == 0)
            }
        }
    }

    @Test func clampsOnlyVelocityTowardsTheTarget() {
        let towards = SnapSpring(from: 100, velocity: -10_000, to: 0, at: .zero, frequency: 25)
        #expect(towards.startVelocity == -2500)
        let away = SnapSpring(from: 100, velocity: 300, to: 0, at: .zero, frequency: 25)
        #expect(away.startVelocity == 300)
        let still = SnapSpring(from: 0, velocity: 300, to: 0, at: .zero, frequency: 25)
        #expect(still.startVelocity == 0)
    }

    @Test func isEvaluatedInClosedFormFromItsStart() {
        let spring = SnapSpring(from: 50, velocity: 0, to: 0, at: .seconds(3), frequency: 25)
        #expect(spring.state(at: .seconds(2)).position == 50)  // before the start it has not moved
        let a = spring.state(at: .seconds(3) + .milliseconds(100))
        #expect(abs(a.position - 50 * 3.5 * 0.082_084_998_623_898_8) < 1e-9)
    }

    private func settleTime(offset: Double) -> Double {
        let spring = SnapSpring(from: offset, velocity: 0, to: 0, at: .zero, frequency: 25)
        for frame in 0..<100 {
            let state = spring.state(at: FramePacer.step * frame)
            if abs(state.position) < 0.5, abs(state.velocity) < 10 { return Double(frame) / 60 }
        }
        return .infinity
    }
}

@Suite struct ReleasePlannerTests {
    let planner = ReleasePlanner(metrics: CarouselMetrics())

    @Test func slowReleasesPickTheNearestPage() {
        #expect(planner.targetPage(position: 140, velocity: 299, pageStep: 300, startPage: 0) == 0)
        #expect(planner.targetPage(position: 160, velocity: -299, pageStep: 300, startPage: 0) == 1)
    }

    @Test func flicksMoveAtLeastOnePageTheirWay() {
        #expect(planner.targetPage(position: 10, velocity: 301, pageStep: 800, startPage: 0) == 1)
        #expect(planner.targetPage(position: -10, velocity: -301, pageStep: 800, startPage: 0) == -1)
        // Dragged back past the middle, then flicked forwards: returns to the start page.
        #expect(planner.targetPage(position: -500, velocity: 400, pageStep: 800, startPage: 0) == 0)
    }

    @Test func projectionUsesTheFastDecelerationRate() {
        let tau = CarouselMetrics().decelerationTimeConstant
        #expect(abs(tau - 0.0995) < 0.0001)
        // 4000 pt/s projects 398 pt: from 0 on 500-pt pages that rounds to page 1, on 900-pt pages to page 0,
        // but a flick always moves at least one page.
        #expect(planner.targetPage(position: 0, velocity: 4000, pageStep: 500, startPage: 0) == 1)
        #expect(planner.targetPage(position: 0, velocity: 4000, pageStep: 900, startPage: 0) == 1)
    }

    @Test func oneGestureMovesAtMostOneBanner() {
        #expect(planner.targetPage(position: 900, velocity: 8000, pageStep: 300, startPage: 0) == 1)
        #expect(planner.targetPage(position: -900, velocity: -8000, pageStep: 300, startPage: 0) == -1)
        #expect(planner.clamp(velocity: 20_000) == 8000)
        #expect(planner.clamp(velocity: -20_000) == -8000)
    }
}

@Suite struct RubberBandTests {
    @Test func resistsMoreTheFurtherItIsPulledAndInvertsExactly() {
        let band = RubberBand(width: 800, coefficient: 0.55)
        #expect(band.displayed(forDrag: 0) == 0)
        #expect(band.displayed(forDrag: 100) < 100)
        #expect(band.displayed(forDrag: 800) < 800 * 0.36)
        #expect(band.displayed(forDrag: -100) == -band.displayed(forDrag: 100))
        for drag in stride(from: -2000.0, through: 2000, by: 37) {
            #expect(abs(band.drag(forDisplayed: band.displayed(forDrag: drag)) - drag) < 1e-6)
        }
    }
}
