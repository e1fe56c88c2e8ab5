import ControlProtocol
import Testing

@Suite struct ControlCommandTests {
    @Test func parsesEveryCommand() throws {
        #expect(try ControlCommand(parsing: "next") == .next)
        #expect(try ControlCommand(parsing: "prev") == .previous)
        #expect(try ControlCommand(parsing: "  goto 12\r") == .goto(12))
        #expect(try ControlCommand(parsing: "pause") == .pause)
        #expect(try ControlCommand(parsing: "resume") == .resume)
        #expect(try ControlCommand(parsing: "reload") == .reload)
        #expect(try ControlCommand(parsing: "screenshot") == .screenshot(output: nil))
        #expect(try ControlCommand(parsing: "screenshot HDMI-A-2") == .screenshot(output: "HDMI-A-2"))
        #expect(try ControlCommand(parsing: "status") == .status)
        #expect(try ControlCommand(parsing: "capture") == .capture(output: nil))
        #expect(try ControlCommand(parsing: "capture Virtual-1") == .capture(output: "Virtual-1"))
    }

    @Test(arguments: [
        (
            "",
            "empty command; expected next | prev | goto N | pause | resume | reload | status | screenshot OUT.png [OUTPUT] | capture OUT.png [OUTPUT]"
        ),
        (
            "jump 3",
            "unknown command `jump`; expected next | prev | goto N | pause | resume | reload | status | screenshot OUT.png [OUTPUT] | capture OUT.png [OUTPUT]"
        ),
        ("goto", "`goto` takes one banner index, 0 or more"),
        ("goto -1", "`goto` takes one banner index, 0 or more"),
        ("goto x", "`goto` takes one banner index, 0 or more"),
        ("next 2", "`next` takes no arguments"),
        ("screenshot HDMI-A-1 HDMI-A-2", "`screenshot` takes one output's name at most (its connector)"),
        ("capture HDMI-A-1 HDMI-A-2", "`capture` takes one output's name at most (its connector)"),
    ])
    func rejectsWithAReason(line: String, reason: String) {
        do {
            _ = try ControlCommand(parsing: Substring(line))
            Issue.record("`\(line)` was accepted")
        } catch {
            #expect(error.description == reason)
        }
    }
}

@Suite struct StatusReportTests {
    @Test func aScreenshotReplyReadsBackAndNothingElseDoes() {
        let reply = ScreenshotReply(width: 1024, height: 768, format: "rgb565")
        #expect(reply.line == "ok screenshot 1024x768 rgb565")
        #expect(ScreenshotReply(parsing: reply.line) == reply)
        let capture = ScreenshotReply(width: 1024, height: 768, format: "xrgb8888", differing: 17)
        #expect(capture.line == "ok capture 1024x768 xrgb8888 17")
        #expect(ScreenshotReply(parsing: capture.line) == capture)
        for other in [
            "ok", "error: the screen is off (its schedule)", "ok screenshot 0x768 rgb565", "ok screenshot 10 x",
            "ok capture 1024x768 xrgb8888", "ok capture 1024x768 xrgb8888 -1", "ok screenshot 1024x768 rgb565 0",
        ] {
            #expect(ScreenshotReply(parsing: other) == nil)
        }
    }

    @Test func encodesOneLineOfJSONWithEscapes() {
        let report = StatusReport(
            index: 2, count: 7, phase: "rest", autoplayPaused: false, framesRendered: 1200, framesLate: 3,
            placeholdersOnScreen: 1, placeholderFrames: 17, animationFramesLate: 5, uptimeSeconds: 61.26,
            display: .init(
                card: "/dev/dri/card0", connector: "HDMI-A-1", mode: "1920x1080@60", rotation: 90,
                pacing: "vblank", videoPlanes: "none: the display is turned 90°, and planes show their buffers unturned"
            ),
            touchDevices: ["ILITEK \"Multi\"\ttouch", "\u{1}"], version: "0.1.0", playsToday: 41,
            playedSecondsToday: 233.26)
        #expect(
            report.json
                == #"{"outputs":[],"index":2,"count":7,"banners_active":7,"banners_total":7,"phase":"rest","autoplay_paused":false,"#
                + #""frames_rendered":1200,"#
                + #""frames_late":3,"frames_panned":0,"overlay_flips":0,"placeholders_on_screen":1,"placeholder_frames":17,"animation_frames_late":5,"uptime_s":61.3,"display":{"card":"/dev/dri/card0","connector":"HDMI-A-1","#
                + #""mode":"1920x1080@60","rotation":90,"pacing":"vblank","scanout":"compose","#
                + #""video_planes":"none: the display is turned 90°, and planes show their buffers unturned"},"#
                + #""touch_devices":["ILITEK \"Multi\"\ttouch","\u0001"],"screen":"on","version":"0.1.0","#
                + #""plays_today":41,"played_s_today":233.3}"#)
        #expect(report.systemdStatus == "banner 3/7; HDMI-A-1 1920x1080@60, vblank pacing; 2 touch device(s)")
    }

    @Test func listsEveryOutputFirst() {
        let playing = StatusReport.Output(
            name: "HDMI-A-1", index: 3, count: 7, phase: "rest", framesRendered: 120, framesLate: 1, flipsLost: 0,
            placeholdersOnScreen: 0, mode: "1920x1080", waitingFor: nil, screen: "on", tvPower: "on")
        let unplugged = StatusReport.Output(
            name: "HDMI-A-2", index: 0, count: 7, phase: "rest", framesRendered: 40, framesLate: 0, flipsLost: 2,
            placeholdersOnScreen: 1, mode: nil, waitingFor: "display HDMI-A-2 to be connected again",
            screen: "no-display")
        let report = StatusReport(
            index: 3, count: 7, phase: "rest", autoplayPaused: false, framesRendered: 120, framesLate: 1,
            uptimeSeconds: 9, display: nil, touchDevices: [], outputs: [playing, unplugged])
        let expected = [
            #"{"outputs":[{"name":"HDMI-A-1","index":3,"count":7,"phase":"rest","frames_rendered":120,"#,
            #""frames_late":1,"flips_lost":0,"placeholders_on_screen":0,"mode":"1920x1080","screen":"on","#,
            #""tv_power":"on"},"#,
            #"{"name":"HDMI-A-2","index":0,"count":7,"phase":"rest","frames_rendered":40,"frames_late":0,"#,
            #""flips_lost":2,"placeholders_on_screen":1,"#,
            #""waiting_for":"display HDMI-A-2 to be connected again","screen":"no-display"}],"#,
            #""index":3,"count":7,"#,
        ].joined()
        #expect(report.json.hasPrefix(expected))
    }

    @Test func reportsAMissingDisplayAndNoBanners() {
        let report = StatusReport(
            index: 0, count: 0, phase: "rest", autoplayPaused: true, framesRendered: 0, framesLate: 0,
            uptimeSeconds: 0, display: nil, touchDevices: [], screen: "off-by-schedule")
        #expect(report.json.contains(#""display":null,"touch_devices":[],"screen":"off-by-schedule","#))
        #expect(report.systemdStatus == "no banners; no display; no touch device; screen off (schedule)")
    }

    @Test func saysTheTVsPowerOnlyWithCEC() {
        var report = StatusReport(
            index: 0, count: 1, phase: "rest", autoplayPaused: false, framesRendered: 0, framesLate: 0,
            uptimeSeconds: 0, display: nil, touchDevices: [], screen: "tv-not-answering", tvPower: "unknown")
        #expect(report.json.contains(#""screen":"tv-not-answering","tv_power":"unknown","version""#))
        #expect(report.systemdStatus.hasSuffix("; the TV does not answer over HDMI-CEC"))
        report.tvPower = nil
        #expect(!report.json.contains("tv_power"))
    }

    @Test func saysHowTheCarouselFollowsTheWallClockOnlyWhenItDoes() {
        var report = StatusReport(
            index: 0, count: 4, phase: "rest", autoplayPaused: false, framesRendered: 0, framesLate: 0,
            uptimeSeconds: 0, display: nil, touchDevices: [],
            wallClock: .init(inStep: true, slideLateMilliseconds: 16.6667))
        #expect(report.json.contains(#""screen":"on","wall_clock":{"in_step":true,"slide_late_ms":16.7},"version""#))
        report.wallClock = .init(inStep: false, slideLateMilliseconds: nil)
        #expect(report.json.contains(#""wall_clock":{"in_step":false},"#))
        report.wallClock = nil
        #expect(!report.json.contains("wall_clock"))
    }

    @Test func countsTheBannersTheirSchedulesAllow() {
        let report = StatusReport(
            index: 0, count: 0, bannersActive: 0, bannersTotal: 12, phase: "rest", autoplayPaused: false,
            framesRendered: 0, framesLate: 0, uptimeSeconds: 3, display: nil, touchDevices: [])
        #expect(report.json.contains(#""count":0,"banners_active":0,"banners_total":12,"#))
        #expect(report.systemdStatus.hasPrefix("no banner in its schedule (12 loaded); "))
    }

    @Test func saysWhatItWaitsForWhileNoDisplayIsShown() {
        let report = StatusReport(
            index: 0, count: 5, phase: "rest", autoplayPaused: false, framesRendered: 0, framesLate: 0,
            uptimeSeconds: 3, display: nil, waitingFor: "a display (no DRM card)", touchDevices: [])
        #expect(report.json.contains(#""display":null,"waiting_for":"a display (no DRM card)","touch_devices":[]"#))
        #expect(report.systemdStatus == "banner 1/5; waiting for a display (no DRM card); no touch device")
    }
}
