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

    var pictures: any LoopPictures { presenter }

    func otherDeadlines(now: Duration) -> (scheduleEdge: Duration?, metrics: Duration?, tv: Duration?) {
        (
            showing.scheduled.deadline(carousel: scheduler.carousel),
            settings.metricsTextfile.map { _ in metrics.schedule.deadline },
            tv?.control.deadline
        )
    }

    func localTime() -> LocalTime { Self.localTime() }

    func screenIsDark() {
        failScreenshots("error: the screen is off (its schedule)")
    }

    func prepareAhead() { prepareStrips() }

    func stepEnded(at now: Duration) {
        for problem in presenter.takeProblems() { Log.warning(problem) }
        let streamed = presenter.takeStreamCounts()
        metrics.counts.streamedFramesDrawn += streamed.drawn
        metrics.counts.streamedFramesShown += streamed.shown
        metrics.counts.streamedFramesDropped += streamed.dropped
        metrics.counts.animationFramesLate += streamed.late
        if tv?.step(at: now) == true { tvChanged() }
        writeMetricsIfDue(at: now)
    }
}
