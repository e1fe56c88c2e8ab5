import CarouselEngine
import DisplaySelection
import KMSDisplay
import MonotonicTime

/// Displays coming and going: no monitor at start, unplug and replug, a new size after replug.
extension MainLoop {
    /// While no display is connected, look again this often: not every driver sends a udev event on plug-in
    /// (some panels and KVM switches do not), and nothing is on screen to disturb by probing.
    static let probeInterval: Duration = .seconds(3)

    static func openHotplugMonitor() -> DRMHotplugMonitor? {
        do {
            return try DRMHotplugMonitor()
        } catch {
            Log.warning("display hotplug events unavailable: \(error)")
            return nil
        }
    }

    /// The display, or nil to wait for one when a DRM card exists but nothing usable is connected yet.
    static func openScreen(_ settings: Settings, canWait: Bool) throws -> Screen? {
        do {
            return try Screen.open(settings)
        } catch {
            let cards = (try? DRMCard.cardPaths()) ?? []
            guard canWait, !cards.isEmpty else { throw error }
            Log.warning("waiting for a display to be connected: \(error)")
            return nil
        }
    }

    /// A udev `drm` event arrived: a display was plugged in or out, or changed its modes.
    func reprobeDisplay() {
        lastProbe = MonotonicClock.now()
        if let current = screen {
            guard !current.isConnected else { return }
            Log.warning("display \(current.status.connector) disconnected; carrying on until it returns")
            current.device.shutdown()
            screen = nil
            return
        }
        let fresh: Screen
        do {
            fresh = try Screen.open(settings)
        } catch {
            return  // still nothing; said once when the wait began
        }
        screen = fresh
        screenLit = true  // a fresh modeset lights it; the next step turns it off again outside the hours
        input?.transform = Screen.touchTransform(fresh, calibration: settings.calibration)
        let layout = fresh.layout
        let format = fresh.device.format
        if layout != scheduler.carousel.layout || fresh.rotation != presenter.composer.rotation
            || format != presenter.composer.format
        {
            rebuild(layout: layout, rotation: fresh.rotation, format: format, startIndex: scheduler.carousel.index)
        } else {
            scheduler.requestRedraw()
        }
        Log.info("display \(fresh.summary), scale \(layout.scale)")
    }
}
