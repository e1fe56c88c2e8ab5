import TVControl

/// What bannerd reports to Prometheus, gathered by the loop; `exposition` is the textfile's contents. Names
/// follow Prometheus' conventions: a `bannerd_` prefix, base units, `_total` on counters.
public struct BannerdMetrics: Sendable {
    public var version = ""
    /// When the process started, in seconds since 1970 (uptime is `time() - bannerd_start_time_seconds`).
    public var startTime = 0.0
    public var contentReloads = 0
    /// Reloads whose update was broken (unreadable, syntax error, nothing valid): the banners shown were kept.
    public var contentReloadFailures = 0
    public var touchDevices = 0
    /// Proof-of-play records not written (the disk failed, or fell too far behind).
    public var playRecordsLost = 0
    /// Each output's figures, labelled with its name (`output="HDMI-A-1"`; no label while it has none: no display
    /// seen yet).
    public var outputs: [OutputMetrics] = []

    public init() {}

    /// The Prometheus text exposition of these values.
    public var exposition: String {
        var text = PrometheusText()
        text.family(
            "bannerd_build_info", .gauge, help: "Always 1; the version of bannerd running.",
            [.init(1, labels: [("version", version)])])
        text.family(
            "bannerd_start_time_seconds", .gauge, help: "When bannerd started, in seconds since the Unix epoch.",
            startTime)
        perOutput(&text, "bannerd_frames_drawn_total", .counter, help: "Frames drawn and handed to the display.") {
            $0.framesDrawn
        }
        perOutput(
            &text, "bannerd_frames_late_total", .counter, help: "60 Hz steps caught up because a wake-up came late."
        ) { $0.framesLate }
        perOutput(
            &text, "bannerd_frames_panned_total", .counter,
            help: "Frames shown by panning the display over a strip composed beforehand (no pixel written)."
        ) { $0.framesPanned }
        perOutput(
            &text, "bannerd_page_flips_lost_total", .counter,
            help: "Page flips whose completion never came within the bound."
        ) { $0.flipsLost }
        perOutput(
            &text, "bannerd_presents_refused_total", .counter,
            help: "Frames the display refused (it still held a flip), drawn again a step later."
        ) { $0.presentsRefused }
        perOutput(
            &text, "bannerd_placeholder_frames_total", .counter,
            help: "Frames with a placeholder in place of a banner not rendered yet."
        ) { $0.placeholderFrames }
        text.family(
            "bannerd_banner_shows_total", .counter,
            help: "Showings: a banner stood still, centred and rendered on the lit screen (one play record each).",
            outputs.flatMap { output in
                output.bannerShows.counts.map { .init(d($0.count), labels: output.labels + [("banner", $0.id)]) }
            })
        perOutput(
            &text, "bannerd_placeholder_rests_total", .counter,
            help: "Rests with a placeholder centred for a banner not rendered yet (not showings until it is)."
        ) { $0.placeholderRests }
        text.family(
            "bannerd_play_records_lost_total", .counter,
            help: "Proof-of-play records not written (the disk failed or fell behind); each is in the log.",
            d(playRecordsLost))
        perOutput(
            &text, "bannerd_autoplay_waits_total", .counter,
            help: "Times autoplay stayed on a banner because the next one was not rendered yet."
        ) { $0.autoplayWaits }
        perOutput(
            &text, "bannerd_animation_frames_late_total", .counter,
            help: "Frames of animations drawn as they play that were not ready at their time (the one before stayed)."
        ) { $0.animationFramesLate }
        perOutput(
            &text, "bannerd_streamed_frames_drawn_total", .counter,
            help: "Frames of videos and long animations decoded and drawn as they play, off the frame loop."
        ) { $0.streamedFramesDrawn }
        perOutput(
            &text, "bannerd_streamed_frames_shown_total", .counter,
            help: "Frames of videos and long animations put on screen."
        ) { $0.streamedFramesShown }
        perOutput(
            &text, "bannerd_streamed_frames_dropped_total", .counter,
            help: "Frames of videos and long animations drawn but never shown: the next frame fell due first."
        ) { $0.streamedFramesDropped }
        text.family("bannerd_content_reloads_total", .counter, help: "Content reloads.", d(contentReloads))
        text.family(
            "bannerd_content_reload_failures_total", .counter,
            help: "Content reloads that found a broken update and kept the banners shown.", d(contentReloadFailures))
        perOutput(&text, "bannerd_banners", .gauge, help: "Banners in the carousel.") { $0.banners }
        perOutput(
            &text, "bannerd_screen_on", .gauge, help: "1 while the screen is on, 0 while its schedule has it off."
        ) { $0.screenOn ? 1 : 0 }
        text.family(
            "bannerd_screen_state", .gauge,
            help: "1 for why the screen shows the carousel or not (on, woken, off-by-schedule, no-display, "
                + "tv-not-answering), 0 for the others.",
            outputs.flatMap { output in
                ScreenStatus.allCases.map {
                    .init($0 == output.screen ? 1 : 0, labels: output.labels + [("state", $0.rawValue)])
                }
            })
        // Each output's TV, for the outputs with an HDMI-CEC adapter (none: no series).
        let withTV = outputs.filter { $0.tvPower != nil }
        if !withTV.isEmpty {
            text.family(
                "bannerd_tv_power_state", .gauge,
                help: "1 for the TV's power as last read over HDMI-CEC (on, standby, in-transition, unknown), 0 for "
                    + "the others.",
                withTV.flatMap { output in
                    TVPower.allCases.map {
                        .init($0 == output.tvPower ? 1 : 0, labels: output.labels + [("state", $0.rawValue)])
                    }
                })
            text.family(
                "bannerd_cec_commands_total", .counter,
                help: "HDMI-CEC commands sent to the TV, by command and outcome (acknowledged, not-acknowledged, "
                    + "no-reply, refused, failed).",
                withTV.flatMap { output in
                    output.cecCommands.map {
                        .init(d($0.count), labels: output.labels + [("command", $0.command), ("result", $0.result)])
                    }
                })
        }
        perOutput(
            &text, "bannerd_display_connected", .gauge,
            help: "1 while a display is driven, 0 while bannerd waits for one."
        ) { $0.displayConnected ? 1 : 0 }
        text.family("bannerd_touch_devices", .gauge, help: "Touch devices bannerd reads.", d(touchDevices))
        return text.text
    }

    /// A family with one sample per output, labelled with its name.
    private func perOutput(
        _ text: inout PrometheusText, _ name: String, _ kind: PrometheusText.Kind, help: String,
        _ value: (OutputMetrics) -> Int
    ) {
        text.family(name, kind, help: help, outputs.map { .init(d(value($0)), labels: $0.labels) })
    }

    private func d(_ n: Int) -> Double { Double(n) }
}

/// One output's figures in the metrics.
public struct OutputMetrics: Sendable {
    /// The output's name (its connector's); empty while it has none (no display seen yet): no label then.
    public var name = ""
    public var framesDrawn = 0
    public var framesLate = 0
    /// Frames shown by panning the display over a strip (no pixel written).
    public var framesPanned = 0
    public var flipsLost = 0
    public var presentsRefused = 0
    /// Frames drawn with a placeholder standing in for a banner not rendered yet.
    public var placeholderFrames = 0
    public var banners = 0
    /// False while the schedule has the screen off.
    public var screenOn = true
    /// Why the screen shows the carousel or not.
    public var screen = ScreenStatus.on
    public var displayConnected = false
    /// Showings begun, by banner id (bounded: see `BannerShowCounts`): a banner stood still, centred and rendered
    /// on the lit screen. Each is one proof-of-play record when it ends.
    public var bannerShows = BannerShowCounts()
    /// Rests with a placeholder centred in place of a banner not rendered yet: not showings until it is.
    public var placeholderRests = 0
    /// Times autoplay was due but stayed on its banner, the next one not rendered yet.
    public var autoplayWaits = 0
    /// Frames of animations drawn as they play that were not drawn by their time (the frame before stayed).
    public var animationFramesLate = 0
    /// Frames of videos (and of animations longer than a banner keeps) decoded and drawn as they play, those put on
    /// screen, and those drawn but passed over (the next frame fell due first).
    public var streamedFramesDrawn = 0
    public var streamedFramesShown = 0
    public var streamedFramesDropped = 0
    /// The power of the TV on this output's HDMI-CEC adapter as last read; nil while it has none (no series then).
    public var tvPower: TVPower?
    /// CEC commands sent to that TV, by command and outcome.
    public var cecCommands: [CECOutcomeCount] = []

    public init(name: String = "") {
        self.name = name
    }

    /// The `output` label, none while the output has no name.
    var labels: [(name: String, value: String)] { name.isEmpty ? [] : [("output", name)] }
}

/// Shows counted per banner id, with the label's cardinality bounded: a manifest of 10,000 banners must not make
/// 10,000 series. The first `maximumIDs` ids shown get their own count; later ones are counted together under
/// `otherID` (as is a banner whose id is `otherID` itself, so no two series share a label).
public struct BannerShowCounts: Sendable {
    public static let maximumIDs = 100
    public static let otherID = "(other)"

    private var named: [(id: String, count: Int)] = []
    private var positions: [String: Int] = [:]
    private var other = 0

    public init() {}

    /// In first-shown order, `otherID` last when used.
    public var counts: [(id: String, count: Int)] { other > 0 ? named + [(Self.otherID, other)] : named }

    public mutating func count(_ id: String) {
        if let position = positions[id] {
            named[position].count += 1
        } else if positions.count < Self.maximumIDs, id != Self.otherID {
            positions[id] = named.count
            named.append((id, 1))
        } else {
            other += 1
        }
    }
}

/// How many of one CEC command came to one outcome.
public struct CECOutcomeCount: Equatable, Sendable {
    /// The command's name in the CEC specification ("Standby").
    public var command: String
    /// "acknowledged", "not-acknowledged", "no-reply", "refused" or "failed".
    public var result: String
    public var count: Int

    public init(command: String, result: String, count: Int) {
        self.command = command
        self.result = result
        self.count = count
    }
}
