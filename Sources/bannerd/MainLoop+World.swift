import DisplaySelection
import FrameLoop
import WallClock

/// What `LoopWorld.step` reads from the loop and the hooks that are not a capability's own (those are in
/// `+Frame`, `+Power`, `+Schedule`, `+ContentSwap`, `+ProofOfPlay`).
extension MainLoop {
    var glass: GlassWatch {
        get { plays.glass }
        set { plays.glass = newValue }
    }

    var scanout: (any ScanoutDevice)? { screen?.device }
    var shownBanners: (count: Int, generation: Int) { (banners.count, showing.generation) }
    var watchdogInterval: Duration? { connections.notifier?.watchdogInterval }

    func otherDeadlines(now: Duration) -> (animation: Duration?, scheduleEdge: Duration?, metrics: Duration?) {
        (
            screen == nil ? nil : presenter.nextAnimationFrame,
            showing.scheduled.deadline(carousel: scheduler.carousel),
            settings.metricsTextfile.map { _ in metrics.schedule.deadline }
        )
    }

    func localTime() -> LocalTime { Self.localTime() }

    /// With no display, nothing is on screen to play.
    func advanceAnimations(at now: Duration) -> Bool {
        screen != nil && presenter.advanceAnimations(scheduler.carousel, at: now)
    }

    func screenIsDark() {
        failScreenshots("error: the screen is off (its schedule)")
    }

    /// Without a display the layout is provisional and is replaced on connect: rendering for it would only keep
    /// the worker busy when the real banners are wanted.
    func prepareAhead() {
        if screen != nil, staged == nil { presenter.focus(on: scheduler.carousel) }
        prepareStrips()
    }

    func stepEnded(at now: Duration) {
        for problem in presenter.takeProblems() { Log.warning(problem) }
        let streamed = presenter.takeStreamCounts()
        metrics.counts.streamedFramesDrawn += streamed.drawn
        metrics.counts.streamedFramesShown += streamed.shown
        metrics.counts.streamedFramesDropped += streamed.dropped
        metrics.counts.animationFramesLate += streamed.late
        writeMetricsIfDue(at: now)
    }
}
