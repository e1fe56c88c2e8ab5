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
        counts.streamedFramesDrawn += streamed.drawn
        counts.streamedFramesShown += streamed.shown
        counts.streamedFramesDropped += streamed.dropped
        counts.animationFramesLate += streamed.late
        if tv?.step(at: now) == true { tvChanged() }
    }

    /// What the metrics say of this output (its frames, banners and screen, under its name), and of the TV when it
    /// has the board's.
    func report(into snapshot: inout BannerdMetrics) {
        var figures = counts
        figures.name = connector ?? ""
        let statistics = scheduler.statistics
        figures.framesDrawn = statistics.framesRendered
        figures.framesLate = statistics.framesLate
        figures.flipsLost = statistics.flipTimeouts
        figures.presentsRefused = statistics.presentsRefused
        figures.autoplayWaits = statistics.autoplayWaits
        figures.banners = banners.count
        figures.screenOn = chores.powerState.isLit
        figures.screen = screenStatus
        figures.displayConnected = screen != nil
        figures.tvPower = tv?.control.tvPower
        figures.cecCommands = tv?.outcomes ?? []
        snapshot.outputs.append(figures)
    }
}
