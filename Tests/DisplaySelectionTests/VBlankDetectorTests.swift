import DisplaySelection
import Testing

@Suite struct VBlankDetectorTests {
    /// Feeds flips submitted right after the previous completion, each completing after `latency` with the
    /// vblank counter at `sequence`.
    func feed(
        _ detector: inout VBlankDetector, count: Int, latency: Duration, sequence: (Int) -> UInt32
    ) {
        var now = Duration.seconds(10)
        for index in 0..<count {
            let done = now + latency
            detector.recordFlip(submitted: now, completion: FlipCompletion(time: done, sequence: sequence(index)))
            now = done + .microseconds(300)
        }
    }

    @Test(arguments: [Duration.microseconds(200), .milliseconds(12)])
    func anAdvancingCounterIsARealBlankHoweverFastTheFlips(latency: Duration) {
        var detector = VBlankDetector(modeRefreshMillihertz: 60_000, sampleCount: 10)
        #expect(detector.decision == .measuring)
        feed(&detector, count: 1, latency: latency) { _ in 7_000 }
        #expect(detector.decision == .measuring)
        feed(&detector, count: 1, latency: latency) { _ in 7_001 }
        #expect(detector.decision == .vblank(period: .nanoseconds(16_666_666)))
    }

    @Test(arguments: [Duration.microseconds(400), .milliseconds(9)])
    func noCounterMeansTimerHoweverSlowTheFlips(latency: Duration) {
        // bochs on an emulated CPU: flips that complete at once can take as long as a blank would.
        var detector = VBlankDetector(modeRefreshMillihertz: 75_000, sampleCount: 10)
        feed(&detector, count: 9, latency: latency) { _ in 0 }
        #expect(detector.decision == .measuring)
        feed(&detector, count: 1, latency: latency) { _ in 0 }
        guard case .timer(let period, .noVBlankCounter(let seen, _)) = detector.decision else {
            Issue.record("expected timer, got \(detector.decision)")
            return
        }
        #expect(period == PacingDecision.fallbackTimerPeriod)
        #expect(seen == latency)
    }

    @Test func theDecisionSticks() {
        var detector = VBlankDetector(modeRefreshMillihertz: 60_000, sampleCount: 5)
        feed(&detector, count: 5, latency: .microseconds(100)) { _ in 0 }
        let decided = detector.decision
        #expect(decided != .measuring)
        feed(&detector, count: 20, latency: .milliseconds(10)) { UInt32($0) }
        #expect(detector.decision == decided)
    }

    @Test(arguments: [nil, 0, 5_000, 1_000_000])
    func nonsenseRefreshMeansTimerAtOnce(millihertz: Int?) {
        let detector = VBlankDetector(modeRefreshMillihertz: millihertz)
        #expect(
            detector.decision
                == .timer(
                    period: PacingDecision.fallbackTimerPeriod,
                    reason: .implausibleRefresh(millihertz: millihertz)))
    }

    @Test func reasonsReadAsOneLine() {
        #expect(NoVBlankReason.implausibleRefresh(millihertz: nil).description == "mode reports refresh none")
        #expect(
            NoVBlankReason.implausibleRefresh(millihertz: 1_000_000).description == "mode reports refresh 1000.0 Hz")
        #expect(
            NoVBlankReason.noVBlankCounter(latency: .microseconds(400), period: .nanoseconds(13_333_333)).description
                == "page flips carry no vblank count (the last completed 0.4 ms after it was queued; the mode claims 13.3 ms refreshes)"
        )
    }
}
