import CarouselEngine
import DisplaySelection
import KMSDisplay
import MonotonicTime

/// Displays coming and going: no monitor at start, unplug and replug, a new size after replug.
extension OutputLoop {
    /// The display, or nil and what to wait for: nothing connected yet, or no display driver loaded yet (the KMS
    /// driver of a boot-time service may come late, or a cable may be missing). Exiting instead would make
    /// systemd restart bannerd until its start limit reboots the board, every boot; waiting, it shows the
    /// carousel as soon as udev (or the next probe) finds the display.
    static func openScreen(_ settings: MainLoop.Settings) -> DisplayState {
        do {
            return .connected(try Screen.open(settings))
        } catch {
            let reason = "a display (\(error))"
            Log.warning("waiting for \(reason)")
            return .waiting(for: reason)
        }
    }

    func closeDisplayIfUnplugged() {
        guard let current = screen, !current.isConnected else { return }
        Log.warning("display \(current.status.connector) disconnected; carrying on until it returns")
        stopPanning()
        current.device.shutdown()
        displayState = .waiting(for: "display \(current.status.connector) to be connected again")
        loop.sendStatus()
        loop.metricsChanged()
    }

    func openDisplay() -> (any ScanoutDevice)? {
        do {
            let fresh = try Screen.open(settings)
            displayState = .connected(fresh)
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
        loop.connections.input?.transform = Screen.touchTransform(fresh, calibration: settings.calibration)
        let layout = fresh.layout
        let format = fresh.device.format
        if layout != scheduler.carousel.layout || fresh.rotation != presenter.composer.rotation
            || format != presenter.composer.format
        {
            rebuild(layout: layout, rotation: fresh.rotation, format: format)
        } else {
            presenter.forgetDrawnBuffers()  // new buffers, possibly at the old ones' addresses
            frames.requestRedraw()
        }
        Log.info("display \(fresh.summary), scale \(layout.scale)")
        loop.sendStatus()
        loop.metricsChanged()
    }
}
