import CarouselEngine
import DisplaySelection
import InputTranslation
import KMSDisplay
import LibinputSource
import MonotonicTime
import Raster

#if canImport(Glibc)
    import Glibc
#endif

/// The checks kmscheck runs, in order, printing one line per finding.
struct KMSCheck {
    let options: KMSCheckOptions

    struct CheckFailure: Error, CustomStringConvertible {
        var description: String
    }

    func run() throws {
        if let path = options.fbdevPath { return try runFbdev(path: path) }
        if options.watchHotplugSeconds > 0 { return try watchHotplug() }
        if options.allOutputs { return try runAllOutputs() }
        // Read what every CRTC shows before bannerd touches it (the descriptors close again at once, so they do
        // not keep DRM master from the display below).
        let before = try framebuffersByCRTC()
        let display = try DRMDisplay.open(
            configuration: options.configuration, bufferCount: options.bufferCount, notice: { say("notice: \($0)") })
        let plan = display.plan
        say(
            "display: \(plan.cardPath) \(plan.connector.name) mode \(display.mode.summary) CRTC \(plan.crtcID)"
                + " rotation \(plan.rotation.rawValue) format \(display.format)"
                + " stride \(display.backBuffer?.stride ?? 0) master \(display.card.isMaster)")
        say(
            "primary plane formats: \(display.planeFormats.map { $0.map(PlaneInfo.fourccText).joined(separator: " ") } ?? "not listed")"
        )
        if options.pan {
            try panWindows(display)
        } else {
            try flipBackToBack(display)
            try showTestPicture(display)
            try listPlanes(display)
            if options.blend { try checkBlending(display) }
            if options.inputSeconds > 0 { try echoInput(display) }
        }
        display.shutdown()
        if let error = display.restoreError { throw CheckFailure(description: "restore failed: \(error)") }
        try checkRestored(crtcID: plan.crtcID, before: before, after: framebuffersByCRTC())
        say("kmscheck: PASS")
    }

    /// The CRTC shows after shutdown what it showed before (framebuffers by CRTC id, read before and after).
    func checkRestored(crtcID: UInt32, before: [UInt32: UInt32], after: [UInt32: UInt32]) throws {
        let (saved, restored) = (before[crtcID] ?? 0, after[crtcID] ?? 0)
        say("restore: CRTC \(crtcID) framebuffer before \(saved), after shutdown \(restored)")
        // A CRTC found off was switched off again (no restore error), and its buffers are gone: a framebuffer on it
        // now is another client's, the kernel's console lighting it once master was free (vkms does).
        guard saved == restored || saved == 0 else { throw CheckFailure(description: "CRTC not restored") }
        if saved != restored { say("restore: the CRTC was off, and was switched off; another client lit it since") }
    }

    /// Each CRTC's planes (a plane that can show on several is listed under each), the display's own CRTC first
    /// asked whether its overlays scale.
    private func listPlanes(_ display: DRMDisplay) throws {
        let listing = try display.planeListing()
        let crtcs = try display.card.resources().crtcs
        for (index, crtc) in crtcs.enumerated() {
            let own = crtc.id == display.plan.crtcID ? " (the display's)" : ""
            say("CRTC \(crtc.id)\(own): \(listing.filter { $0.plane.canShow(onCRTCAt: index) }.count) plane(s)")
            for (plane, scaling) in listing where plane.canShow(onCRTCAt: index) {
                say("  " + plane.line(scaling: own.isEmpty ? nil : scaling))
            }
        }
    }

    func framebuffersByCRTC() throws -> [UInt32: UInt32] {
        var result: [UInt32: UInt32] = [:]
        for path in try DRMCard.cardPaths() {
            for crtc in try DRMCard(path: path).resources().crtcs { result[crtc.id] = crtc.bufferID }
        }
        return result
    }

    /// Flips as fast as completions allow and reports the rate and the pacing decision it led to.
    private func flipBackToBack(_ display: DRMDisplay) throws {
        let start = MonotonicClock.now()
        var completed = 0
        for frame in 0..<options.flips {
            guard let buffer = display.backBuffer else { throw CheckFailure(description: "no back buffer") }
            TestPicture.fill(buffer, colour: frame % 2 == 0 ? 0x00_40_40_40 : 0x00_80_80_80)
            guard try display.present() == .queued else { throw CheckFailure(description: "present not queued") }
            if try display.waitForFlip(timeout: .seconds(1)) { completed += 1 }
        }
        let elapsed = MonotonicClock.now() - start
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let rate = seconds > 0 ? Double(completed) / seconds : 0
        say(
            "flips: \(completed)/\(options.flips) completed in \(elapsed), \(Int(rate)) per second"
                + " (mode claims \(display.mode.vrefresh) Hz), lost events \(display.lostFlipEvents)")
        say("pacing: \(display.pacing)")
        guard completed == options.flips else { throw CheckFailure(description: "flips did not complete") }
    }

    /// Shows the test picture and holds it until the host has taken its screendump.
    private func showTestPicture(_ display: DRMDisplay) throws {
        guard let buffer = display.backBuffer else { throw CheckFailure(description: "no back buffer") }
        TestPicture.draw(buffer, background: options.colour)
        _ = try display.present()
        guard try display.waitForFlip(timeout: .seconds(1)) else { throw CheckFailure(description: "flip timed out") }
        say("picture: background \(String(options.colour, radix: 16)), white 64x64 at top left, red bar at bottom")
        hold()
    }

    /// Shows a window of a strip twice the screen's width, then of one twice its height, by each `PanMethod`, and
    /// then the test picture from a buffer of the screen's size; holds each for a screendump. A driver that
    /// ignores a method still accepts it: only the screendump says whether the window asked for is on glass.
    private func panWindows(_ display: DRMDisplay) throws {
        let (w, h) = (display.mode.width, display.mode.height)
        guard display.format == .xrgb8888 else { throw CheckFailure(description: "--pan draws in XRGB8888 only") }
        let driver = display.card.driverName ?? "unknown"
        say("pan: driver \(driver), measured method \(PanMethod.measured(driver: driver)?.rawValue ?? "none")")
        for (axis, width, height, x, y) in [("x", 2 * w, h, w / 2 + 3, 0), ("y", w, 2 * h, 0, h / 2 + 5)] {
            let strip = try display.addStrip(width: width, height: height)
            TestPicture.coordinates(display.stripMemory(strip).pixels)
            for method in PanMethod.allCases {
                testWindows(display, strip: strip, axis: axis, size: (width, height), method: method)
                do {
                    guard try display.present(strip: strip, x: x, y: y, method: method) == .queued,
                        try display.waitForFlip(timeout: .seconds(1))
                    else { throw CheckFailure(description: "the flip did not complete") }
                    say("pan: \(method.rawValue) \(axis): window at \(x),\(y) of \(width)x\(height) flipped")
                    hold("pan-\(method.rawValue)-\(axis)")
                } catch {
                    say("pan: \(method.rawValue) \(axis): refused: \(error)")
                }
            }
        }
        guard let buffer = display.backBuffer else { throw CheckFailure(description: "no back buffer") }
        TestPicture.draw(buffer, background: options.colour)
        guard try display.present() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
            throw CheckFailure(description: "the flip back from a strip did not complete")
        }
        say("pan: back to a buffer of the screen's size")
        hold("pan-back")
    }

    /// Asks the driver (TEST_ONLY) about the windows at both ends of the strip, which it should accept, and on the
    /// y strip about a window one row past its end, which it must refuse: else its answers say nothing.
    private func testWindows(
        _ display: DRMDisplay, strip: Int, axis: String, size: (width: Int, height: Int), method: PanMethod
    ) {
        let far = (x: size.width - display.mode.width, y: size.height - display.mode.height)
        do {
            try display.testWindow(ofStrip: strip, x: 0, y: 0, method: method)
            try display.testWindow(ofStrip: strip, x: far.x, y: far.y, method: method)
            say("pan: test-only \(method.rawValue) \(axis): both ends accepted")
        } catch {
            say("pan: test-only \(method.rawValue) \(axis): refused: \(error)")
        }
        guard axis == "y" else { return }
        do {
            try display.testWindow(ofStrip: strip, x: 0, y: far.y + 1, method: method)
            say("pan: test-only \(method.rawValue) past the end: accepted")
        } catch {
            say("pan: test-only \(method.rawValue) past the end: refused: \(error)")
        }
    }

    /// Holds what is on screen until the host has taken its screendump: until the hold file (with `-name` after
    /// it, when named) exists.
    func hold(_ name: String? = nil) {
        guard let holdFile = options.holdFile else { return }
        let file = name.map { "\(holdFile)-\($0)" } ?? holdFile
        say("KMSCHECK-SCREENSHOT \(file)")
        let deadline = MonotonicClock.now() + .seconds(30)
        while access(file, F_OK) != 0, MonotonicClock.now() < deadline { usleep(100_000) }
    }

    /// Prints input events for `inputSeconds`, polling the input and the display together as the main loop will,
    /// or until `inputUntilFile` exists, if that comes first.
    private func echoInput(_ display: DRMDisplay) throws {
        let input = try LibinputInput(
            transform: TouchTransform(scanoutSize: display.size, rotation: display.rotation))
        _ = try input.dispatch()
        for device in input.devices {
            say("input device: \(device.sysname) \"\(device.name)\" \(device.capabilities)")
        }
        say("KMSCHECK-INPUT-READY")
        let deadline = MonotonicClock.now() + .seconds(Int64(options.inputSeconds))
        while MonotonicClock.now() < deadline {
            if let done = options.inputUntilFile, access(done, F_OK) == 0 {
                // Events sent before the file was made are queued already: take them, then stop.
                for routed in try input.dispatch() { say("input: \(routed.event)") }
                break
            }
            var fds = [pollfd(fd: input.fileDescriptor, events: Int16(POLLIN), revents: 0)]
            if let fd = display.pollDescriptor { fds.append(pollfd(fd: fd, events: Int16(POLLIN), revents: 0)) }
            guard poll(&fds, nfds_t(fds.count), 100) > 0 else { continue }
            if fds.count > 1, fds[1].revents != 0 { _ = try display.handleReadable() }
            for routed in try input.dispatch() { say("input: \(routed.event)") }
        }
    }

    /// Prints DRM udev events for `watchHotplugSeconds`; passes when at least one card event arrived.
    private func watchHotplug() throws {
        let monitor = try DRMHotplugMonitor()
        say("KMSCHECK-HOTPLUG-READY")
        var seen = 0
        let deadline = MonotonicClock.now() + .seconds(Int64(options.watchHotplugSeconds))
        while MonotonicClock.now() < deadline {
            var entry = pollfd(fd: monitor.fileDescriptor, events: Int16(POLLIN), revents: 0)
            guard poll(&entry, 1, 100) > 0 else { continue }
            for event in monitor.receive() {
                seen += 1
                say("hotplug: \(event.action) \(event.devicePath ?? "-") HOTPLUG=\(event.isHotplug ? 1 : 0)")
            }
        }
        guard seen > 0 else { throw CheckFailure(description: "no DRM udev events") }
        say("kmscheck: PASS")
    }

    private func runFbdev(path: String) throws {
        let display = try FbdevDisplay(path: path)
        say("fbdev: \(path) \(display.size) format \(display.format) pacing \(display.pacing)")
        guard let buffer = display.backBuffer else { throw CheckFailure(description: "no back buffer") }
        TestPicture.draw(buffer, background: options.colour)
        guard try display.present() == .shown else { throw CheckFailure(description: "fbdev present") }
        say("picture: background \(String(options.colour, radix: 16)), white 64x64 at top left, red bar at bottom")
        hold()
        display.shutdown()
        say("kmscheck: PASS")
    }
}
