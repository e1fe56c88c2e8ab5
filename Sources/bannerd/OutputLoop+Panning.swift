import CarouselRendering
import DisplaySelection

/// Panning (`scanout` in bannerd.toml): while the carousel moves, the display shows windows of strips that the
/// strip thread composed beforehand (`StripPanner`), so no frame writes a pixel; a frame whose strip is not ready
/// is composed as before.
extension OutputLoop {
    /// The panner for the screen and the presenter of now (made anew when either changed); nil when the display
    /// is not panned.
    func activePanner() -> StripPanner? {
        guard let device = screen?.device as? any PanningScanout, device.panMethod != nil else {
            stopPanning()
            return nil
        }
        let rotation = presenter.composer.rotation
        if let panner, panner.serves(device, layout: presenter.layout, rotation: rotation) { return panner }
        stopPanning()
        let made = StripPanner(
            device: device, layout: presenter.layout, rotation: rotation, background: settings.background)
        panner = made
        return made
    }

    /// Drops the panner once the strip thread has run or dropped its jobs, so that none comes back to the next
    /// panner. (A job keeps its strip's memory mapped itself, `StripMemory`, whenever the display shuts down.)
    func stopPanning() {
        guard panner != nil else { return }
        threads.strips.finish()
        _ = threads.strips.collect()
        panner = nil
    }

    /// Hands the strips the carousel will want to the strip thread; after each frame. Says once when panning
    /// stopped (in this frame, or while preparing).
    func prepareStrips() {
        guard let panner = activePanner() else { return }
        panner.prepare(scheduler.carousel, presenter: presenter) { job in
            threads.strips.submit {
                job.run()
                return job
            }
        }
        if let failure = panner.takeFailure() {
            Log.warning("display \(screen?.status.connector ?? ""): \(failure)")
            loop.sendStatus()
        }
    }

    /// Takes the strips the thread finished: they may be shown from the next frame on.
    func collectStrips() {
        for job in threads.strips.collect() { panner?.composed(job) }
    }
}
