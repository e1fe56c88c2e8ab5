import DisplaySelection
import Testing

@Suite struct VBlankDetectorTests {
    let frame60 = Duration.nanoseconds(16_666_667)

    /// Feeds flips submitted right after the previous completion, each completing after `latency`.
    func feed(_ detector: inout VBlankDetector, count: Int, latency: (Int) -> Duration) {
        var now = Duration.seconds(10)
        for index in 0..<count {
            let done = now + latency(index)
            detector.recordFlip(submitted: now, completed: done)
            now = done + .microseconds(300)
        }
    }

    @Test func realVBlankIsTrusted() {
        var detector = VBlankDetector(modeRefreshMillihertz: 60_000, sampleCount: 10)
        #expect(detector.decision == .measuring)
        // Rendering takes 4 ms, so each flip waits out the rest of the period.
        feed(&detector, count: 10) { _ in .milliseconds(12) }
        #expect(detector.decision == .vblank(period: .nanoseconds(16_666_666)))
    }

    @Test func bochsStyleInstantFlipsMeanTimer() {
        // modetest on bochs-drm: 1,900-2,800 flips/s against a claimed 75 Hz.
        var detector = VBlankDetector(modeRefreshMillihertz: 75_000, sampleCount: 10)
        feed(&detector, count: 10) { _ in .microseconds(400) }
        guard case .timer(let period, .flipsTooFast) = detector.decision else {
            Issue.record("expected timer, got \(detector.decision)")
            return
        }
        #expect(period == PacingDecision.fallbackTimerPeriod)
    }

    @Test func aFewLuckyFastFlipsDoNotFlipTheDecision() {
        var detector = VBlankDetector(modeRefreshMillihertz: 60_000, sampleCount: 9)
        // Four of nine submissions land just before the blank.
        feed(&detector, count: 9) { $0 % 2 == 0 ? .milliseconds(9) : .microseconds(200) }
        #expect(detector.decision == .vblank(period: .nanoseconds(16_666_666)))
    }

    @Test func decisionWaitsForEnoughSamplesAndThenSticks() {
        var detector = VBlankDetector(modeRefreshMillihertz: 60_000, sampleCount: 5)
        feed(&detector, count: 4) { _ in .microseconds(100) }
        #expect(detector.decision == .measuring)
        feed(&detector, count: 1) { _ in .microseconds(100) }
        let decided = detector.decision
        #expect(decided != .measuring)
        feed(&detector, count: 20) { _ in .milliseconds(10) }
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
    }
}
