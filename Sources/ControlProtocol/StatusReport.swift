/// What `status` answers on the control socket, as one line of JSON.
public struct StatusReport: Equatable, Sendable {
    public var index: Int
    /// Banners in the carousel (a banner whose schedule just closed stays in it while it leaves the centre).
    public var count: Int
    /// Banners their schedules allow now; `bannersTotal` without schedules.
    public var bannersActive: Int
    /// Banners of the content directory, scheduled or not.
    public var bannersTotal: Int
    public var phase: String
    public var autoplayPaused: Bool
    public var framesRendered: Int
    public var framesLate: Int
    /// Frames shown by panning the display over a strip (no pixel written), since the start.
    public var framesPanned: Int
    /// Flips of the overlay planes alone, since the start: a video's frames on its planes while the carousel rests
    /// (issue 45), no pixel of the primary plane written.
    public var overlayFlips: Int
    /// How the last frame presented reached the screen: "panned" or "composed"; nil before the first.
    public var lastFrame: String?
    /// Banners of the last frame drawn as placeholders (not pre-rendered yet): 0 once the screen shows them all.
    public var placeholdersOnScreen: Int
    /// Frames presented with a placeholder in them since the start (content swaps add none).
    public var placeholderFrames: Int
    /// Frames of animations drawn as they play that were not ready at their time (the one before stayed).
    public var animationFramesLate: Int
    public var uptimeSeconds: Double
    public var display: Display?
    /// What the service waits for while no display is shown (a display to be connected, a driver to load).
    public var waitingFor: String?
    public var touchDevices: [String]
    /// Why the screen shows the carousel or not: "on", "woken" (lit by a touch outside the schedule's hours),
    /// "off-by-schedule", "no-display" or "tv-not-answering" (HDMI-CEC is on and the TV does not answer or refuses).
    public var screen: String
    /// The TV's power as read over HDMI-CEC: "on", "standby", "in-transition" or "unknown"; nil while CEC is off.
    public var tvPower: String?
    /// Autoplay on the wall clock's timeline (`sync = "wall-clock"`); nil otherwise.
    public var wallClock: WallClockStatus?
    /// The version of the bannerd answering.
    public var version: String
    /// Proof of play today (local day): banners that stood centred on the lit screen and finished their showing,
    /// and their seconds fully centred.
    public var playsToday: Int
    public var playedSecondsToday: Double
    /// Every output bannerd drives, the first one's figures being those above.
    public var outputs: [Output]

    /// How the carousel follows the wall clock's shared timeline.
    public struct WallClockStatus: Equatable, Sendable {
        /// Following the timeline; false from a touch (or a control command) until autoplay brings it back.
        public var inStep: Bool
        /// How late after its slot's start the latest autoplay slide began, in milliseconds (0 on time); nil
        /// before the first slide.
        public var slideLateMilliseconds: Double?

        public init(inStep: Bool, slideLateMilliseconds: Double?) {
            self.inStep = inStep
            self.slideLateMilliseconds = slideLateMilliseconds
        }
    }

    /// One output: its connector and carousel, its frames and its screen.
    public struct Output: Equatable, Sendable {
        /// The connector's name (`HDMI-A-1`), or what the output waits for when it has not been shown yet.
        public var name: String
        public var index: Int
        public var count: Int
        public var phase: String
        public var framesRendered: Int
        public var framesLate: Int
        /// Page flips that never completed within their bound (`DisplayHealth`).
        public var flipsLost: Int
        /// As `placeholdersOnScreen` above, for this output.
        public var placeholdersOnScreen: Int
        /// The mode shown; nil while the output waits for its display.
        public var mode: String?
        public var waitingFor: String?
        /// As `screen` above, for this output.
        public var screen: String
        /// As `tvPower` above, for the TV on this output's HDMI-CEC adapter; nil: it has none.
        public var tvPower: String?

        public init(
            name: String, index: Int, count: Int, phase: String, framesRendered: Int, framesLate: Int,
            flipsLost: Int, placeholdersOnScreen: Int, mode: String?, waitingFor: String?, screen: String,
            tvPower: String? = nil
        ) {
            self.name = name
            self.index = index
            self.count = count
            self.phase = phase
            self.framesRendered = framesRendered
            self.framesLate = framesLate
            self.flipsLost = flipsLost
            self.placeholdersOnScreen = placeholdersOnScreen
            self.mode = mode
            self.waitingFor = waitingFor
            self.screen = screen
            self.tvPower = tvPower
        }
    }

    /// The display part; nil while no display is connected.
    public struct Display: Equatable, Sendable {
        public var card: String
        public var connector: String
        public var mode: String
        public var rotation: Int
        public var pacing: String
        /// How a moving carousel reaches the screen: "pan framebuffer-offset", "pan plane-source" or "compose".
        public var scanout: String
        /// The overlay planes that would show a video banner ("planes 40 and 41"), or "none: " and why (issue 45);
        /// nil on fbdev.
        public var videoPlanes: String?

        public init(
            card: String, connector: String, mode: String, rotation: Int, pacing: String, scanout: String = "compose",
            videoPlanes: String? = nil
        ) {
            self.card = card
            self.connector = connector
            self.mode = mode
            self.rotation = rotation
            self.pacing = pacing
            self.scanout = scanout
            self.videoPlanes = videoPlanes
        }
    }

    public init(
        index: Int, count: Int, bannersActive: Int? = nil, bannersTotal: Int? = nil, phase: String,
        autoplayPaused: Bool, framesRendered: Int, framesLate: Int, framesPanned: Int = 0, overlayFlips: Int = 0,
        lastFrame: String? = nil,
        placeholdersOnScreen: Int = 0, placeholderFrames: Int = 0, animationFramesLate: Int = 0,
        uptimeSeconds: Double, display: Display?,
        waitingFor: String? = nil,
        touchDevices: [String], screen: String = "on", tvPower: String? = nil, wallClock: WallClockStatus? = nil,
        version: String = "",
        playsToday: Int = 0,
        playedSecondsToday: Double = 0,
        outputs: [Output] = []
    ) {
        self.index = index
        self.count = count
        self.bannersTotal = bannersTotal ?? count
        self.bannersActive = bannersActive ?? self.bannersTotal
        self.phase = phase
        self.autoplayPaused = autoplayPaused
        self.framesRendered = framesRendered
        self.framesLate = framesLate
        self.framesPanned = framesPanned
        self.overlayFlips = overlayFlips
        self.lastFrame = lastFrame
        self.placeholdersOnScreen = placeholdersOnScreen
        self.placeholderFrames = placeholderFrames
        self.animationFramesLate = animationFramesLate
        self.uptimeSeconds = uptimeSeconds
        self.display = display
        self.waitingFor = waitingFor
        self.touchDevices = touchDevices
        self.screen = screen
        self.tvPower = tvPower
        self.wallClock = wallClock
        self.version = version
        self.playsToday = playsToday
        self.playedSecondsToday = playedSecondsToday
        self.outputs = outputs
    }

    /// The report as a single line of JSON (keys in a fixed order: `outputs` first, then the first output's figures
    /// and what bannerd as a whole reports).
    public var json: String {
        var out = JSONWriter()
        out.object {
            // First: a script that reads the last "index" of the line (sed, grep) reads the first output's.
            $0.key("outputs")
            $0.array(outputs) { out, output in
                out.object {
                    $0.field("name", output.name)
                    $0.field("index", output.index)
                    $0.field("count", output.count)
                    $0.field("phase", output.phase)
                    $0.field("frames_rendered", output.framesRendered)
                    $0.field("frames_late", output.framesLate)
                    $0.field("flips_lost", output.flipsLost)
                    $0.field("placeholders_on_screen", output.placeholdersOnScreen)
                    if let mode = output.mode { $0.field("mode", mode) }
                    if let waitingFor = output.waitingFor { $0.field("waiting_for", waitingFor) }
                    $0.field("screen", output.screen)
                    if let tvPower = output.tvPower { $0.field("tv_power", tvPower) }
                }
            }
            $0.field("index", index)
            $0.field("count", count)
            $0.field("banners_active", bannersActive)
            $0.field("banners_total", bannersTotal)
            $0.field("phase", phase)
            $0.field("autoplay_paused", autoplayPaused)
            $0.field("frames_rendered", framesRendered)
            $0.field("frames_late", framesLate)
            $0.field("frames_panned", framesPanned)
            $0.field("overlay_flips", overlayFlips)
            if let lastFrame { $0.field("last_frame", lastFrame) }
            $0.field("placeholders_on_screen", placeholdersOnScreen)
            $0.field("placeholder_frames", placeholderFrames)
            $0.field("animation_frames_late", animationFramesLate)
            $0.field("uptime_s", (uptimeSeconds * 10).rounded() / 10)
            if let display {
                $0.key("display")
                $0.object {
                    $0.field("card", display.card)
                    $0.field("connector", display.connector)
                    $0.field("mode", display.mode)
                    $0.field("rotation", display.rotation)
                    $0.field("pacing", display.pacing)
                    $0.field("scanout", display.scanout)
                    if let videoPlanes = display.videoPlanes { $0.field("video_planes", videoPlanes) }
                }
            } else {
                $0.key("display")
                $0.null()
            }
            if let waitingFor { $0.field("waiting_for", waitingFor) }
            $0.field("touch_devices", touchDevices)
            $0.field("screen", screen)
            if let tvPower { $0.field("tv_power", tvPower) }
            if let wallClock {
                $0.key("wall_clock")
                $0.object {
                    $0.field("in_step", wallClock.inStep)
                    if let late = wallClock.slideLateMilliseconds {
                        $0.field("slide_late_ms", (late * 10).rounded() / 10)
                    }
                }
            }
            $0.field("version", version)
            $0.field("plays_today", playsToday)
            $0.field("played_s_today", (playedSecondsToday * 10).rounded() / 10)
        }
        return out.text
    }

    /// The one-line `STATUS=` text for systemd: what an operator sees in `systemctl status`.
    public var systemdStatus: String {
        let screen =
            display.map { "\($0.connector) \($0.mode), \($0.pacing) pacing" }
            ?? waitingFor.map { "waiting for \($0)" } ?? "no display"
        let touch = touchDevices.isEmpty ? "no touch device" : "\(touchDevices.count) touch device(s)"
        let shown =
            count > 0
            ? "banner \(index + 1)/\(count)"
            : bannersTotal > 0 ? "no banner in its schedule (\(bannersTotal) loaded)" : "no banners"
        let power: String
        switch self.screen {
        case "woken": power = "; screen woken by touch outside its hours"
        case "off-by-schedule": power = "; screen off (schedule)"
        case "tv-not-answering": power = "; the TV does not answer over HDMI-CEC"
        default: power = ""  // on; no display is said above
        }
        return "\(shown); \(screen); \(touch)\(power)"
    }
}
