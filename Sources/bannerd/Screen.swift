import BannerdConfig
import CarouselEngine
import ControlProtocol
import DisplaySelection
import FrameLoop
import InputTranslation
import KMSDisplay
import Raster

/// The display the appliance draws on (DRM/KMS, or the fbdev fallback), with the layout that fits it.
struct Screen {
    let device: any ScanoutDevice
    let rotation: Rotation
    let layout: CarouselLayout
    let status: StatusReport.Display
    /// The DRM card's number and the connector's id, as a CEC adapter names the HDMI output it belongs to; nil on
    /// fbdev.
    let connector: (card: Int, connectorID: UInt32)?

    /// Opens the configured DRM display, or `/dev/fb0` when the machine has no DRM card at all. A DRM card with
    /// nothing connected is not a reason for fbdev (its emulated framebuffer would show on no screen either).
    static func open(_ settings: MainLoop.Settings) throws -> Screen {
        let device: any ScanoutDevice
        let rotation: Rotation
        var widthMillimetres = 0
        var names = (card: settings.fbdevPath, connector: "fbdev")
        var scanout = "compose"
        var connector: (card: Int, connectorID: UInt32)?
        do {
            let drm = try DRMDisplay.open(
                configuration: settings.display, format: settings.format,
                pan: { settings.scanout.panMethod(driver: $0) }, notice: { Log.info($0) })
            Log.info(Self.scanoutLine(drm, setting: settings.scanout))
            if let method = drm.panMethod { scanout = "pan \(method.rawValue)" }
            device = drm
            rotation = drm.rotation
            widthMillimetres = Int(drm.plan.connector.widthMillimetres)
            names = (drm.plan.cardPath, drm.plan.connector.name)
            // /dev/dri/cardN: CEC adapters give N, the card's minor number.
            if let card = drm.plan.cardPath.split(separator: "card").last.flatMap({ Int($0) }) {
                connector = (card, drm.plan.connector.id)
            }
        } catch let drmError {
            if let cards = try? DRMCard.cardPaths(), !cards.isEmpty { throw drmError }
            do {
                device = try FbdevDisplay(path: settings.fbdevPath)
                rotation = settings.display.rotation ?? .none
                Log.warning("no usable DRM display (\(drmError)); using \(settings.fbdevPath)")
            } catch {
                throw CommandFailure("no display driver loaded yet: no DRM card in /dev/dri, and \(error)")
            }
        }
        let logical = rotation.logicalSize(forScanout: device.size)
        var display = DisplaySettings()
        display.scale = settings.scale
        let scale = display.resolvedScale(widthPixels: device.size.width, widthMillimetres: widthMillimetres)
        let layout: CarouselLayout
        do {
            layout = try CarouselLayout(
                widthPixels: logical.width, heightPixels: logical.height, scale: scale, metrics: settings.metrics)
        } catch {
            device.shutdown()
            throw CommandFailure("\(names.connector): \(error)")
        }
        let status = StatusReport.Display(
            card: names.card, connector: names.connector, mode: device.size.description, rotation: rotation.rawValue,
            pacing: "measuring", scanout: scanout)
        return Screen(device: device, rotation: rotation, layout: layout, status: status, connector: connector)
    }

    /// How a moving carousel reaches the screen, and why, for the log.
    private static func scanoutLine(_ drm: DRMDisplay, setting: ScanoutSetting) -> String {
        let driver = drm.card.driverName ?? "unknown"
        guard let method = drm.panMethod else {
            return setting == .compose
                ? "scanout: every frame composed (scanout = \"compose\")"
                : "scanout: every frame composed (\(driver) is not measured for panning; scanout = \"pan\" tries it)"
        }
        let measured = PanMethod.measured(driver: driver) == method ? "measured" : "not measured: scanout = \"pan\""
        return
            "scanout: panning by \(method.rawValue) while the carousel moves (\(driver), \(method.rawValue) \(measured))"
    }

    /// The pacing for `ctl status` and STATUS=: "measuring" until the display's flips have shown which.
    var pacingStatus: String {
        if case .measuring = device.pacing { return "measuring" }
        return Pacing(device.pacing).rawValue
    }

    /// The layout used while no display is connected, so the carousel's clock can run; replaced on connect.
    static func provisionalLayout(_ settings: MainLoop.Settings) throws -> CarouselLayout {
        try CarouselLayout(widthPixels: 1920, heightPixels: 1080, scale: settings.scale ?? 1, metrics: settings.metrics)
    }

    /// Touch mapped to this screen's upright pixels (a 1x1 placeholder while there is no screen).
    static func touchTransform(_ screen: Screen?, calibration: CalibrationMatrix) -> TouchTransform {
        guard let screen else { return TouchTransform(scanoutSize: PixelSize(width: 1, height: 1)) }
        return TouchTransform(scanoutSize: screen.device.size, rotation: screen.rotation, calibration: calibration)
    }

    /// Whether the DRM connector this screen shows on still has a display plugged in.
    var isConnected: Bool {
        guard let drm = device as? DRMDisplay else { return true }
        guard let resources = try? drm.card.resources() else { return false }
        return resources.connectors.first { $0.id == drm.plan.connector.id }?.status == .connected
    }

    /// One line for the start-up log.
    var summary: String {
        "\(status.card) \(status.connector) \(status.mode) rotation \(rotation.rawValue) format \(device.format)"
    }
}
