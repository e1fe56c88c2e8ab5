import BackgroundJobs
import ControlProtocol
import DisplaySelection
import KMSDisplay
import Raster
import ServiceIO
import SystemCalls

/// `bannerd ctl screenshot`: once the next frame is presented, the screenshot thread composes it a second time into
/// a memory file, and the reply passing that file goes out when it is done, so the client gets exactly what is on
/// glass. Composing again reads cached memory; reading the scanout buffer back would read write-combined memory,
/// slow on real boards. The composing is off the loop: between two frames of a moving carousel a slow board has no
/// time for a second composition.
///
/// `bannerd ctl capture` reads the same frame back from glass instead: the CRTC's writeback connector captures what
/// the display hardware scanned out (the primary plane and the video's planes, blended), in a blocking commit on the
/// loop once the frame's flip is done, and the screenshot thread counts the pixels where that is not its composition.
/// Drivers with such a connector on the output's CRTC are test benches (vkms) and a few SoCs; the commit is a
/// modeset, so it is for proving the display path, not for a screen in service.
extension OutputLoop {
    /// Queues `client` for the next frame (drawn at once at rest: the same picture once more), read back from glass
    /// when `glass`; nil: the answer follows with that frame.
    func requestScreenshot(for client: ControlServer.Client, glass: Bool) -> ControlReply? {
        guard chores.powerState.isLit else { return ControlReply("error: the screen is off (its schedule)") }
        guard screen != nil else {
            return ControlReply("error: nothing on screen" + (waitingFor.map { " (waiting for \($0))" } ?? ""))
        }
        if glass { captureRequests.append(client) } else { screenshotRequests.append(client) }
        frames.requestRedraw()
        return nil
    }

    /// Hands the frame just presented to the screenshot thread for every waiting client.
    func captureScreenshots() {
        guard !screenshotRequests.isEmpty || !captureRequests.isEmpty, let device = screen?.device else { return }
        let (frame, size) = (presenter.lastFrame, device.size)
        // A video on the planes: what they show over the frame (the thread's references keep their memory).
        let overlays = presenter.videosOnPlanes ? (device as? any OverlayScanout)?.overlays ?? [] : []
        if !screenshotRequests.isEmpty {
            let clients = screenshotRequests
            threads.screenshots.submit {
                Screenshot.take(frame, overlays: overlays, width: size.width, height: size.height, for: clients)
            }
        }
        if !captureRequests.isEmpty {
            let clients = captureRequests
            do {
                let glass = try readBackGlass(device)
                threads.screenshots.submit {
                    Screenshot.take(
                        frame, overlays: overlays, glass: glass, width: size.width, height: size.height, for: clients)
                }
            } catch {
                for client in clients { loop.connections.control?.reply(ControlReply("error: \(error)"), to: client) }
            }
        }
        screenshotRequests.removeAll()
        captureRequests.removeAll()
    }

    /// What `device` shows now, read back by its CRTC's writeback connector once the flip in flight is done.
    private func readBackGlass(_ device: any ScanoutDevice) throws -> Bitmap {
        guard let display = device as? DRMDisplay else {
            throw SystemCallError(call: "capture", refused: "a framebuffer device has no writeback", .display(name))
        }
        let glass = try display.captureScanout(WritebackCapture(display: display))
        // The wait read the flip's event, which may have decided the display's pacing.
        if frames.followPacing(of: device), let screen { Self.logTimerPacing(screen) }
        return glass
    }

    /// Answers the clients of each screenshot the thread finished, each with its own copy of the memory file.
    func sendScreenshots() {
        for shot in threads.screenshots.collect() {
            switch shot.file {
            case .failure(let error):
                for client in shot.clients {
                    loop.connections.control?.reply(ControlReply("error: \(error)"), to: client)
                }
            case .success(let descriptor):
                let line = ScreenshotReply(
                    width: shot.width, height: shot.height, format: shot.format.name, differing: shot.differing
                ).line
                for client in shot.clients {
                    let reply: ControlReply
                    do {
                        reply = ControlReply(line, passing: try descriptor.duplicate())
                    } catch {
                        reply = ControlReply("error: \(error)")
                    }
                    loop.connections.control?.reply(reply, to: client)
                }
                let tenthsOfMilliseconds = Int((shot.composeTime / .microseconds(100)).rounded())
                Log.info(
                    "screenshot: \(shot.width)x\(shot.height) \(shot.format.name) for \(shot.clients.count) client(s), "
                        + "composed in \(tenthsOfMilliseconds / 10).\(tenthsOfMilliseconds % 10) ms"
                        + " beside the frame loop")
            }
        }
    }

    /// Answers every waiting screenshot request with `line` (no frame will come: the screen went dark or away).
    func failScreenshots(_ line: String) {
        for client in screenshotRequests + captureRequests {
            loop.connections.control?.reply(ControlReply(line), to: client)
        }
        screenshotRequests.removeAll()
        captureRequests.removeAll()
    }
}
