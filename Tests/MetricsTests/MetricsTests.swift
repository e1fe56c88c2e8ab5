import Testing

@testable import Metrics

@Suite struct PrometheusTextTests {
    @Test func aFamilyIsHelpTypeAndItsSamples() {
        var text = PrometheusText()
        text.family(
            "x_total", .counter, help: "Back\\slash and\nnewline.",
            [.init(3, labels: [("a", "q\"uo\\te\nd"), ("b", "ü")]), .init(0.25)])
        text.family("empty", .gauge, help: "No samples, no lines.", [])
        text.family("g", .gauge, help: "h", -2)
        #expect(
            text.text == """
                # HELP x_total Back\\\\slash and\\nnewline.
                # TYPE x_total counter
                x_total{a="q\\"uo\\\\te\\nd",b="ü"} 3
                x_total 0.25
                # HELP g h
                # TYPE g gauge
                g -2

                """)
    }

    @Test(arguments: [
        (0.0, "0"), (1e15, "1000000000000000.0"), (123456789012.0, "123456789012"), (1.5, "1.5"), (Double.nan, "NaN"),
        (Double.infinity, "+Inf"), (-Double.infinity, "-Inf"), (1_764_000_000.25, "1764000000.25"),
    ])
    func numbersAreWhatGoParsesBack(value: Double, written: String) {
        #expect(PrometheusText.number(value) == written)
    }
}

@Suite struct BannerdMetricsTests {
    @Test func everyFamilyIsNamedByConventionAndCountersEndInTotal() {
        var metrics = BannerdMetrics()
        metrics.version = "0.1.0"
        metrics.playRecordsLost = 3
        var output = OutputMetrics()
        output.framesDrawn = 7
        output.framesPanned = 5
        output.bannerShows.count("sale")
        output.placeholderRests = 2
        output.autoplayWaits = 4
        output.animationFramesLate = 6
        output.streamedFramesDrawn = 8
        output.streamedFramesShown = 9
        output.streamedFramesDropped = 10
        metrics.outputs = [output]
        let lines = metrics.exposition.split(separator: "\n")
        let types = lines.filter { $0.hasPrefix("# TYPE ") }.map { $0.split(separator: " ") }
        #expect(types.count == 23)
        for type in types {
            #expect(type[2].hasPrefix("bannerd_"))
            #expect(type[2].hasSuffix("_total") == (type[3] == "counter"), "\(type)")
        }
        // An output with no name yet (no display seen): no label.
        #expect(lines.contains(#"bannerd_build_info{version="0.1.0"} 1"#))
        #expect(lines.contains("bannerd_frames_drawn_total 7"))
        #expect(lines.contains("bannerd_frames_panned_total 5"))
        #expect(lines.contains(#"bannerd_banner_shows_total{banner="sale"} 1"#))
        #expect(lines.contains("bannerd_placeholder_rests_total 2"))
        #expect(lines.contains("bannerd_play_records_lost_total 3"))
        #expect(lines.contains("bannerd_autoplay_waits_total 4"))
        #expect(lines.contains("bannerd_animation_frames_late_total 6"))
        #expect(lines.contains("bannerd_streamed_frames_drawn_total 8"))
        #expect(lines.contains("bannerd_streamed_frames_shown_total 9"))
        #expect(lines.contains("bannerd_streamed_frames_dropped_total 10"))
        #expect(lines.contains("bannerd_screen_on 1"))
        #expect(lines.contains(#"bannerd_screen_state{state="on"} 1"#))
        #expect(lines.contains(#"bannerd_screen_state{state="off-by-schedule"} 0"#))
        // No CEC, no TV series.
        #expect(!lines.contains { $0.contains("bannerd_tv_power_state") || $0.contains("bannerd_cec_") })
    }

    @Test func eachOutputsSeriesCarryItsName() {
        var metrics = BannerdMetrics()
        var first = OutputMetrics(name: "HDMI-A-1")
        first.framesDrawn = 120
        first.bannerShows.count("sale")
        var second = OutputMetrics(name: "HDMI-A-2")
        second.framesDrawn = 40
        second.screen = .noDisplay
        second.displayConnected = false
        first.displayConnected = true
        metrics.outputs = [first, second]
        metrics.contentReloads = 2
        let lines = metrics.exposition.split(separator: "\n")
        #expect(lines.contains(#"bannerd_frames_drawn_total{output="HDMI-A-1"} 120"#))
        #expect(lines.contains(#"bannerd_frames_drawn_total{output="HDMI-A-2"} 40"#))
        #expect(lines.contains(#"bannerd_banner_shows_total{output="HDMI-A-1",banner="sale"} 1"#))
        #expect(lines.contains(#"bannerd_screen_state{output="HDMI-A-2",state="no-display"} 1"#))
        #expect(lines.contains(#"bannerd_display_connected{output="HDMI-A-1"} 1"#))
        #expect(lines.contains(#"bannerd_display_connected{output="HDMI-A-2"} 0"#))
        // The board's own figures have no output.
        #expect(lines.contains("bannerd_content_reloads_total 2"))
        // One HELP and TYPE per family, however many outputs.
        #expect(lines.filter { $0 == "# TYPE bannerd_frames_drawn_total counter" }.count == 1)
    }

    @Test func theTVsPowerAndCECCommandsAreSeriesOnlyWithCEC() {
        var metrics = BannerdMetrics()
        var output = OutputMetrics()
        output.screen = .tvNotAnswering
        output.tvPower = .standby
        output.cecCommands = [
            CECOutcomeCount(command: "Standby", result: "acknowledged", count: 2),
            CECOutcomeCount(command: "Image View On", result: "not-acknowledged", count: 1),
        ]
        metrics.outputs = [output]
        let lines = metrics.exposition.split(separator: "\n")
        #expect(lines.contains(#"bannerd_screen_state{state="tv-not-answering"} 1"#))
        #expect(lines.contains(#"bannerd_screen_state{state="on"} 0"#))
        #expect(lines.contains(#"bannerd_tv_power_state{state="standby"} 1"#))
        #expect(lines.contains(#"bannerd_tv_power_state{state="in-transition"} 0"#))
        #expect(lines.contains(#"bannerd_cec_commands_total{command="Standby",result="acknowledged"} 2"#))
        #expect(lines.contains(#"bannerd_cec_commands_total{command="Image View On",result="not-acknowledged"} 1"#))
        #expect(lines.contains("# TYPE bannerd_cec_commands_total counter"))
        #expect(lines.contains("# TYPE bannerd_tv_power_state gauge"))
    }

    @Test func eachOutputsTVIsItsOwnSeriesAndAnOutputWithoutOneHasNone() {
        var metrics = BannerdMetrics()
        var left = OutputMetrics(name: "HDMI-A-1")
        left.tvPower = .on
        left.cecCommands = [CECOutcomeCount(command: "Active Source", result: "acknowledged", count: 1)]
        var right = OutputMetrics(name: "HDMI-A-2")
        right.tvPower = .standby
        right.cecCommands = [CECOutcomeCount(command: "Standby", result: "acknowledged", count: 1)]
        metrics.outputs = [left, right, OutputMetrics(name: "DSI-1")]
        let lines = metrics.exposition.split(separator: "\n")
        #expect(lines.contains(#"bannerd_tv_power_state{output="HDMI-A-1",state="on"} 1"#))
        #expect(lines.contains(#"bannerd_tv_power_state{output="HDMI-A-2",state="standby"} 1"#))
        #expect(lines.contains(#"bannerd_tv_power_state{output="HDMI-A-2",state="on"} 0"#))
        let leftCommand = #"{output="HDMI-A-1",command="Active Source",result="acknowledged"} 1"#
        let rightCommand = #"{output="HDMI-A-2",command="Standby",result="acknowledged"} 1"#
        #expect(lines.contains("bannerd_cec_commands_total" + leftCommand))
        #expect(lines.contains("bannerd_cec_commands_total" + rightCommand))
        #expect(!lines.contains { $0.contains(#"output="DSI-1",state="#) && $0.contains("tv_power") })
        #expect(lines.filter { $0 == "# TYPE bannerd_tv_power_state gauge" }.count == 1)
    }

    @Test func bannerShowsKeepAHundredSeriesAtMost() {
        var shows = BannerShowCounts()
        for round in 0..<3 {
            for i in 0..<10_000 { shows.count("b\(i)") }
            shows.count(BannerShowCounts.otherID)
            #expect(shows.counts.count == BannerShowCounts.maximumIDs + 1, "round \(round)")
        }
        let first = shows.counts.first
        let last = shows.counts.last
        #expect(first?.id == "b0" && first?.count == 3)
        #expect(last?.id == BannerShowCounts.otherID && last?.count == 3 * (10_000 - 100 + 1))
    }
}

@Suite struct MetricsScheduleTests {
    @Test func everyFifteenSecondsAndSoonAfterAChangeButNotInBursts() {
        var schedule = MetricsSchedule(now: .seconds(100))
        func due(_ now: Duration) -> Bool { schedule.isDue(at: now) }
        #expect(due(.seconds(100)))  // at start
        #expect(!due(.seconds(114)))
        #expect(due(.seconds(115)))
        schedule.changed(at: .milliseconds(115_200))  // a change right after a write waits for the gap
        #expect(schedule.deadline == .seconds(116))
        #expect(due(.seconds(116)))
        schedule.changed(at: .seconds(125))  // long after the last write: at once
        schedule.changed(at: .seconds(126))  // a burst is one write
        #expect(schedule.deadline == .seconds(125))
        #expect(due(.seconds(126)))
        #expect(schedule.deadline == .seconds(141))
    }
}
