import CarouselEngine
import DisplaySelection
import KMSDisplay
import MonotonicTime

/// Displays coming and going: no monitor at start, unplug and replug, a new size after replug.
extension OutputLoop {
    func closeDisplayIfUnplugged() {
        guard let current = screen, !current.isConnected else { return }
        Log.warning("display \(current.status.connector) disconnected; carrying on until it returns")
        stopPanning()
        presenter.composeVideos()
        current.device.shutdown()
        displayState = .waiting(for: "display \(current.status.connector) to be connected again")
        loop.touchFollowsOutputs()
        loop.sendStatus()
        loop.metricsChanged()
    }

    /// Opens this output's display: its connector (or, before it has one, the configured or first connected one),
    /// beside the other outputs' displays on their card and DRM master. Nil while it is not connected.
    func openDisplay() -> (any ScanoutDevice)? {
        do {
            guard let fresh = try Screen.open(settings, connector: connector, beside: loop.screens(besides: self)).first
            else { return nil }  // still unplugged: the wait goes on, as its reason says
            if fresh.device is DRMDisplay { connector = fresh.status.connector }
            displayState = .connected(fresh)
            loop.lookForNewOutputs()
            return fresh.device
        } catch {
            displayState = .waiting(for: "a display (\(error))")  // in the status; logged once, when the wait began
            return nil
        }
    }

    /// The carousel is rebuilt if the display's size, rotation or format differ from the last one's; touch
    /// follows its rotation.
    func displayOpened(timerPacing: Bool) {
        guard let fresh = screen else { return }
        openTV(for: fresh)
        if timerPacing { Self.logTimerPacing(fresh) }
        loop.touchFollowsOutputs()
        let layout = fresh.layout
        let format = fresh.device.format
        if layout != scheduler.carousel.layout || fresh.rotation != presenter.composer.rotation
            || format != presenter.composer.format
        {
            rebuild(layout: layout, rotation: fresh.rotation, format: format)
        } else {
            presenter.forgetDrawnBuffers()  // new buffers, possibly at the old ones' addresses
            giveVideoPlanes()
            frames.requestRedraw()
        }
        Log.info("display \(fresh.summary), scale \(layout.scale)")
        loop.sendStatus()
        loop.metricsChanged()
    }
}
