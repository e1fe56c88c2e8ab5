import CarouselEngine
import DisplaySelection
import KMSDisplay

/// Displays coming and going: no monitor at start, unplug and replug, a new size after replug.
extension MainLoop {
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
        if let current = screen {
            guard !current.isConnected else { return }
            Log.warning("display \(current.status.connector) disconnected; carrying on until it returns")
            current.device.shutdown()
            screen = nil
            scheduler.flipCompleted()
            return
        }
        let fresh: Screen
        do {
            fresh = try Screen.open(settings)
        } catch {
            Log.info("display event, but still no usable display: \(error)")
            return
        }
        screen = fresh
        input?.transform = Screen.touchTransform(fresh)
        let layout = fresh.layout
        if layout != scheduler.carousel.layout || fresh.rotation != presenter.composer.rotation {
            rebuild(layout: layout, rotation: fresh.rotation, startIndex: scheduler.carousel.index)
        } else {
            scheduler.requestRedraw()
        }
        Log.info("display \(fresh.summary), scale \(layout.scale)")
    }
}
