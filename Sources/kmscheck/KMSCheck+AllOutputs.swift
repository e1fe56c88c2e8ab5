import DisplaySelection
import KMSDisplay
import MonotonicTime

#if canImport(Glibc)
    import Glibc
#endif

/// `--all-outputs`: every connected output of the card at once, one DRM master (issue 44).
extension KMSCheck {
    /// The test picture's background per output after the first (whose is `--colour`): green, then red, then grey.
    static let otherColours: [UInt32] = [0x00_30_A0_40, 0x00_C0_40_30, 0x00_80_80_80]

    func runAllOutputs() throws {
        let before = try framebuffersByCRTC()
        let displays = try DRMDisplay.openAll(
            configuration: options.configuration, bufferCount: options.bufferCount, notice: { say("notice: \($0)") })
        for display in displays {
            say(
                "display: \(display.plan.cardPath) \(display.plan.connector.name) mode \(display.mode.summary)"
                    + " CRTC \(display.plan.crtcID) format \(display.format) master \(display.card.isMaster)")
        }
        try flipTogether(displays)
        for (index, display) in displays.enumerated() {
            guard let buffer = display.backBuffer else { throw CheckFailure(description: "no back buffer") }
            let colour = index == 0 ? options.colour : Self.otherColours[(index - 1) % Self.otherColours.count]
            TestPicture.draw(buffer, background: colour)
            guard try display.present() == .queued, try display.waitForFlip(timeout: .seconds(1)) else {
                throw CheckFailure(description: "\(display.plan.connector.name): the picture's flip did not complete")
            }
            say("picture: \(display.plan.connector.name) background \(String(colour, radix: 16))")
        }
        hold()
        for display in displays.reversed() {
            display.shutdown()
            if let error = display.restoreError {
                throw CheckFailure(description: "\(display.plan.connector.name): restore failed: \(error)")
            }
        }
        let after = try framebuffersByCRTC()
        for display in displays { try checkRestored(crtcID: display.plan.crtcID, before: before, after: after) }
        say("kmscheck: PASS")
    }

    /// Each output flips as fast as its own completions allow, all at once through the card's one descriptor: a
    /// completion read while waiting is kept for the output it belongs to. Each output's rate and pacing.
    private func flipTogether(_ displays: [DRMDisplay]) throws {
        guard let first = displays.first, let descriptor = first.pollDescriptor else { return }
        let start = MonotonicClock.now()
        var completed = Array(repeating: 0, count: displays.count)
        var took = Array(repeating: Duration.zero, count: displays.count)
        func present(_ index: Int) throws {
            guard let buffer = displays[index].backBuffer else { throw CheckFailure(description: "no back buffer") }
            TestPicture.fill(buffer, colour: completed[index] % 2 == 0 ? 0x00_40_40_40 : 0x00_80_80_80)
            guard try displays[index].present() == .queued else {
                throw CheckFailure(description: "present not queued")
            }
        }
        for index in displays.indices { try present(index) }
        let deadline = start + .seconds(Int64(options.flips))  // a flip a second would be far too slow already
        while completed.contains(where: { $0 < options.flips }), MonotonicClock.now() < deadline {
            var waiting = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
            if poll(&waiting, 1, 100) > 0 { try first.readFlipEvents() }
            for (index, display) in displays.enumerated() where completed[index] < options.flips {
                let now = MonotonicClock.now()
                guard display.takeFlipCompletion() != nil || display.retireOverdueFlip(now: now) else { continue }
                completed[index] += 1
                took[index] = now - start
                if completed[index] < options.flips { try present(index) }
            }
        }
        for (index, display) in displays.enumerated() {
            let seconds = Double(took[index].components.seconds) + Double(took[index].components.attoseconds) / 1e18
            say(
                "flips: \(display.plan.connector.name) \(completed[index])/\(options.flips) in \(took[index]), "
                    + "\(seconds > 0 ? Int(Double(completed[index]) / seconds) : 0) per second (mode claims "
                    + "\(display.mode.vrefresh) Hz), lost events \(display.lostFlipEvents), pacing \(display.pacing)")
        }
        guard completed.allSatisfy({ $0 == options.flips }) else {
            throw CheckFailure(description: "flips did not complete on every output")
        }
    }
}
