import FrameLoop

/// The frame the loop draws at each step.
extension MainLoop {
    /// Steps the carousel and, when its picture changed, shows it (panned or composed); what that did feeds the
    /// metrics, READY=1 and waiting screenshots.
    func drawFrame(at now: Duration) {
        do {
            let panner = activePanner()
            let waits = scheduler.statistics.autoplayWaits
            let drawn = try frames.frame(
                at: now, on: screen?.device, isReady: presenter.isRendered,
                pan: { carousel in try panner?.present(carousel, presenter: presenter) },
                draw: { buffer, carousel in presenter.draw(carousel.visibleViews(), into: buffer) })
            switch drawn {
            case .presented:
                if frames.lastFramePanned == true { metrics.counts.framesPanned += 1 }
                if presenter.placeholdersOnScreen > 0 { metrics.counts.placeholderFrames += 1 }
                announceReady()
                captureScreenshots()
            case .dropped:
                failScreenshots("error: nothing on screen (the display went away)")
            case .idle, .refused:
                break  // a screenshot waits for the frame that is presented
            }
            if waits == 0, scheduler.statistics.autoplayWaits > 0 { logAutoplayWait() }
        } catch {
            Log.error("present: \(error)")
        }
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
