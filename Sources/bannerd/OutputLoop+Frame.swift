import CarouselEngine
import DisplaySelection
import FrameLoop
import Raster

/// The frame the loop draws at each step (`LoopWorld.step` decides; these hooks show it and say what it did).
extension OutputLoop {
    /// A window of a ready strip when the display pans; nil: the frame is composed.
    func pan(_ carousel: Carousel) throws -> PresentOutcome? {
        try activePanner()?.present(carousel, presenter: presenter)
    }

    /// What the frame did feeds the metrics, READY=1 and waiting screenshots.
    func framed(_ result: FrameDriver.FrameResult, autoplayWaitBegan: Bool, at now: Duration) {
        switch result {
        case .presented:
            if frames.lastFramePanned == true { counts.framesPanned += 1 }
            if presenter.placeholdersOnScreen > 0 { counts.placeholderFrames += 1 }
            loop.announceReady()
            captureScreenshots()
        case .dropped:
            failScreenshots("error: nothing on screen (the display went away)")
        case .idle, .refused, .overlaysPresented:
            break  // a screenshot waits for the frame that is presented
        }
        if autoplayWaitBegan { logAutoplayWait() }
    }

    func frameFailed(_ error: any Error, planesGivenUp: Bool) {
        Log.error("present: \(error)")
        if planesGivenUp { stopVideoPlanes("a frame with them failed: \(error)") }
    }

    /// The first time autoplay stays on a banner because the next one is not rendered yet (a slow board, large
    /// images); later ones are counted in the metrics only.
    func logAutoplayWait() {
        let carousel = scheduler.carousel
        guard let next = carousel.autoplayTarget, next < banners.count, carousel.index < banners.count else { return }
        Log.warning(
            "autoplay stays on banner \"\(banners[carousel.index].id)\" until \"\(banners[next].id)\" is rendered "
                + "(a slow board, or large images?); each wait is counted in bannerd_autoplay_waits_total")
    }
}
