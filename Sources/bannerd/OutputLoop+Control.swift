import BannerContent
import CarouselEngine
import CarouselRendering
import ControlProtocol
import MonotonicTime
import Raster

/// Control commands addressed to an output, its status, and its carousel made anew.
extension OutputLoop {
    /// Moves or pauses this output's carousel for a control command (`MainLoop.answer` gives each output the
    /// commands that move carousels, and answers the others itself); the error to answer, or nil.
    func move(_ command: ControlCommand, at now: Duration) -> String? {
        switch command {
        case .next:
            plays.glass.moved(by: .control)
            _ = frames.handle(.key(.right, time: now))
        case .previous:
            plays.glass.moved(by: .control)
            _ = frames.handle(.key(.left, time: now))
        case .goto(let index):
            guard index < banners.count else { return "no banner \(index) (there are \(banners.count))" }
            plays.glass.moved(by: .control)
            frames.update { $0.show(banner: index, at: now) }
        case .pause:
            frames.update { $0.autoplayPaused = true }
        case .resume:
            frames.update { $0.autoplayPaused = false }
        case .reload, .status, .screenshot, .capture:
            break  // the board's, not a carousel's
        }
        return nil
    }

    func status() -> StatusReport {
        let carousel = scheduler.carousel
        let today = plays.tracker.counts(today: MainLoop.clockReading().localDay)
        var display = screen?.status
        display?.pacing = screen?.pacingStatus ?? scheduler.pacing.rawValue
        if panner?.failure != nil { display?.scanout = "compose" }  // panning stopped (logged once)
        // Their memory could not be made (logged once by the presenter).
        if let failure = presenter.videoPlanesFailure { display?.videoPlanes = "none: \(failure)" }
        return StatusReport(
            index: carousel.index, count: carousel.count, bannersActive: showing.scheduled.timetable.active.count,
            bannersTotal: showing.loaded.count, phase: carousel.phase.rawValue,
            autoplayPaused: carousel.autoplayPaused, framesRendered: scheduler.statistics.framesRendered,
            framesLate: scheduler.statistics.framesLate, framesPanned: counts.framesPanned,
            overlayFlips: scheduler.statistics.overlayFlips,
            lastFrame: frames.lastFramePanned.map { $0 ? "panned" : "composed" },
            placeholdersOnScreen: presenter.placeholdersOnScreen,
            placeholderFrames: counts.placeholderFrames,
            animationFramesLate: counts.animationFramesLate,
            uptimeSeconds: (MonotonicClock.now() - loop.started).seconds,
            display: display, waitingFor: waitingFor,
            touchDevices: loop.connections.input?.devices.filter { $0.capabilities.contains(.touch) }.map(\.name) ?? [],
            screen: screenStatus.rawValue, tvPower: tv?.control.tvPower.rawValue,
            wallClock: carousel.wallClock.map { _ in
                StatusReport.WallClockStatus(
                    inStep: carousel.inStepWithWall,
                    slideLateMilliseconds: carousel.wallSlideLateness.map { $0.seconds * 1000 })
            },
            version: BannerdVersion.current,
            playsToday: today.plays, playedSecondsToday: today.centredSeconds,
            outputs: loop.outputs.map(\.outputStatus))
    }

    /// A new carousel and presenter for the current banners on a display of another size, rotation or format,
    /// on the banner shown, keeping the operator's pause.
    func rebuild(layout: CarouselLayout, rotation: Rotation, format: PixelFormat) {
        swapInStaged(at: MonotonicClock.now())  // content waiting for its sprites: they are rendered anew anyway
        let carousel = freshCarousel(layout: layout, startIndex: scheduler.carousel.index)
        let presenter = CarouselPresenter(
            banners: banners, layout: layout, rotation: rotation, format: format, background: settings.background,
            rendering: .worker(threads.worker))
        take(showing.presented(by: presenter), carousel: carousel)  // what it has rendered is looked at again
    }

    /// A carousel of `banners` (the current ones unless given) at rest on `startIndex` since `time`, keeping the
    /// operator's pause.
    func freshCarousel(
        layout: CarouselLayout, startIndex: Int, time: Duration = MonotonicClock.now(), banners: BannerList? = nil
    ) -> Carousel {
        (banners ?? self.banners).carousel(
            layout: layout, metrics: settings.metrics, startIndex: startIndex, time: time,
            paused: scheduler.carousel.autoplayPaused, wallOffset: settings.wallOffset)
    }
}
