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
    private(set) var status: StatusReport.Display
    /// The DRM card's number and the connector's id, as a CEC adapter names the HDMI output it belongs to; nil on
    /// fbdev.
    let connector: (card: Int, connectorID: UInt32)?
    /// The overlay planes streamed banners play on, or why none (issue 45); nil on fbdev.
    private(set) var videoPlanes: VideoPlanes?

    /// The displays to show. With none shown yet: the configured or first connected output of the first usable DRM
    /// card (`all`: every connected output of that card, each on a CRTC of its own), or `/dev/fb0` when the machine
    /// has no DRM card at all; a DRM card with nothing connected is not a reason for fbdev (its emulated framebuffer
    /// would show on no screen either). Beside the screens `shown`: the outputs of their card not shown yet, on the
    /// same descriptor and DRM master (`connector`: that one alone); none when nothing more is connected.
    static func open(
        _ settings: MainLoop.Settings, connector: String? = nil, all: Bool = false, beside shown: [Screen] = []
    ) throws -> [Screen] {
        var configuration = settings.display
        if let connector { configuration.connectorName = connector }
        let siblings = shown.compactMap { $0.device as? DRMDisplay }
        let pan = { (driver: String) in settings.scanout.panMethod(driver: driver) }
        let displays: [DRMDisplay]
        do {
            if all || !siblings.isEmpty {
                displays = try DRMDisplay.openAll(
                    configuration: configuration, beside: siblings, format: settings.format, pan: pan,
                    notice: { Log.info($0) })
            } else {
                displays = [
                    try DRMDisplay.open(
                        configuration: configuration, format: settings.format, pan: pan, notice: { Log.info($0) })
                ]
            }
        } catch let drmError {
            if !shown.isEmpty { throw drmError }
            if let cards = try? DRMCard.cardPaths(), !cards.isEmpty { throw drmError }
            let device: FbdevDisplay
            do {
                device = try FbdevDisplay(path: settings.fbdevPath)
            } catch {
                throw CommandFailure("no display driver loaded yet: no DRM card in /dev/dri, and \(error)")
            }
            Log.warning("no usable DRM display (\(drmError)); using \(settings.fbdevPath)")
            return [
                try Screen(
                    device: device, rotation: settings.display.rotation ?? .none, widthMillimetres: 0,
                    names: (settings.fbdevPath, "fbdev"), scanout: "compose", connector: nil, settings: settings)
            ]
        }
        var screens: [Screen] = []
        var failures: [any Error] = []
        for drm in displays {
            do {
                screens.append(try Screen(drm: drm, settings: settings))
            } catch {
                failures.append(error)
            }
        }
        if screens.isEmpty, let failure = failures.first { throw failure }
        for failure in failures { Log.warning("output left out: \(failure)") }
        return screens
    }

    /// A DRM display's screen; its layout for `settings`.
    private init(drm: DRMDisplay, settings: MainLoop.Settings) throws {
        Log.info(Self.scanoutLine(drm, setting: settings.scanout))
        // /dev/dri/cardN: CEC adapters give N, the card's minor number.
        let card = drm.plan.cardPath.split(separator: "card").last.flatMap { Int($0) }
        try self.init(
            device: drm, rotation: drm.rotation, widthMillimetres: Int(drm.plan.connector.widthMillimetres),
            names: (drm.plan.cardPath, drm.plan.connector.name),
            scanout: drm.panMethod.map { "pan \($0.rawValue)" } ?? "compose",
            connector: card.map { ($0, drm.plan.connector.id) }, settings: settings)
        let centred = PixelRect(
            x: layout.insetPixels, y: layout.topInsetPixels, width: layout.bannerWidthPixels,
            height: layout.bannerHeightPixels)
        let video = drm.videoPlanes(banner: centred)
        videoPlanes = video
        status.videoPlanes = video.summary
        Log.info(Self.videoPlanesLine(video, banner: centred))
    }

    /// `device` with the layout that fits it for `settings`; the device is shut down when none does.
    private init(
        device: any ScanoutDevice, rotation: Rotation, widthMillimetres: Int, names: (card: String, connector: String),
        scanout: String, connector: (card: Int, connectorID: UInt32)?, settings: MainLoop.Settings
    ) throws {
        let logical = rotation.logicalSize(forScanout: device.size)
        var display = DisplaySettings()
        display.scale = settings.scale
        let scale = display.resolvedScale(widthPixels: device.size.width, widthMillimetres: widthMillimetres)
        do {
            layout = try CarouselLayout(
                widthPixels: logical.width, heightPixels: logical.height, scale: scale, metrics: settings.metrics)
        } catch {
            device.shutdown()
            throw CommandFailure("\(names.connector): \(error)")
        }
        self.device = device
        self.rotation = rotation
        self.connector = connector
        status = StatusReport.Display(
            card: names.card, connector: names.connector, mode: device.size.description, rotation: rotation.rawValue,
            pacing: "measuring", scanout: scanout)
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

    /// The planes a video banner could be shown on, for the log: those the driver took in a test commit, or why none.
    private static func videoPlanesLine(_ video: VideoPlanes, banner: PixelRect) -> String {
        guard case .planes(let picture, let layer) = video else { return "video planes: \(video.summary)" }
        return "video planes: \(picture) (picture, XR24) under \(layer) (title layer, AR24), \(banner.width)x"
            + "\(banner.height) each: the driver took them in a test commit; videos play on them"
    }

    /// The planes stopped (`reason`): every video composed from now on, as `ctl status`'s `video_planes` says.
    mutating func videoPlanesStopped(_ reason: String) {
        let stopped = VideoPlanes.composed(.stopped(reason))
        videoPlanes = stopped
        status.videoPlanes = stopped.summary
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
