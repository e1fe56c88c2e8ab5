import DisplaySelection
import FrameLoop
import Metrics
import WallClock

/// What `LoopWorld.step` reads from the loop and the hooks that are not a capability's own (those are in
/// `+Frame`, `+Power`, `+Schedule`, `+ContentSwap`, `+ProofOfPlay`).
extension OutputLoop {
    var glass: GlassWatch {
        get { plays.glass }
        set { plays.glass = newValue }
    }

    var scanout: (any ScanoutDevice)? { screen?.device }
    var shownBanners: (count: Int, generation: Int) { (banners.count, showing.generation) }
    var watchdogInterval: Duration? { loop.connections.notifier?.watchdogInterval }

    var pictures: any LoopPictures { presenter }

    func otherDeadlines(now: Duration) -> (scheduleEdge: Duration?, metrics: Duration?, tv: Duration?) {
        (
            showing.scheduled.deadline(carousel: scheduler.carousel),
            settings.metricsTextfile.map { _ in loop.metrics.schedule.deadline },
            tv?.control.deadline
        )
    }

    func localTime() -> LocalTime { MainLoop.localTime() }

    func screenIsDark() {
        failScreenshots("error: the screen is off (its schedule)")
    }

    func prepareAhead() { prepareStrips() }

    func stepEnded(at now: Duration) {
        for problem in presenter.takeProblems() { Log.warning(problem) }
        let streamed = presenter.takeStreamCounts()
        loop.metrics.counts.streamedFramesDrawn += streamed.drawn
        loop.metrics.counts.streamedFramesShown += streamed.shown
        loop.metrics.counts.streamedFramesDropped += streamed.dropped
        loop.metrics.counts.animationFramesLate += streamed.late
        if tv?.step(at: now) == true { tvChanged() }
        loop.writeMetricsIfDue(at: now)
    }

    /// What the metrics say of this output: its frames, banners, screen and TV.
    func report(into snapshot: inout BannerdMetrics) {
        let statistics = scheduler.statistics
        snapshot.framesDrawn = statistics.framesRendered
        snapshot.framesLate = statistics.framesLate
        snapshot.flipsLost = statistics.flipTimeouts
        snapshot.presentsRefused = statistics.presentsRefused
        snapshot.autoplayWaits = statistics.autoplayWaits
        snapshot.banners = banners.count
        snapshot.screenOn = chores.powerState.isLit
        snapshot.screen = screenStatus
        snapshot.tvPower = tv?.control.tvPower
        snapshot.cecCommands = tv?.outcomes ?? []
        snapshot.displayConnected = screen != nil
    }
}
