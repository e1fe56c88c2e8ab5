import ControlProtocol
import Foundation
import MonotonicTime
import Raster
import ServiceIO
import SystemCalls

/// `bannerd ctl screenshot`: the next frame is composed a second time, into a memory file, and the reply passing
/// that file goes out once the frame is presented, so the client gets exactly what is on glass. Composing again
/// costs one composition from cached memory; reading the scanout buffer back would read write-combined memory,
/// which is slow enough on real boards to make a moving frame late.
extension MainLoop {
    /// Queues `client` for the next frame (drawn at once at rest: the same picture once more); nil: the answer
    /// follows with that frame.
    func requestScreenshot(for client: ControlServer.Client) -> ControlReply? {
        guard chores.powerState.isLit else { return ControlReply("error: the screen is off (its schedule)") }
        guard screen != nil else {
            return ControlReply("error: nothing on screen" + (waitingFor.map { " (waiting for \($0))" } ?? ""))
        }
        screenshotRequests.append(client)
        scheduler.requestRedraw()
        return nil
    }

    /// Replies to every waiting client with the frame just presented, composed again into a memory file. Done
    /// after the present, in the time before the next step, so the frame itself is never held up.
    func sendScreenshots() {
        guard !screenshotRequests.isEmpty, let device = screen?.device else { return }
        let started = MonotonicClock.now()
        let file: FrameFile
        do {
            file = try FrameFile(width: device.size.width, height: device.size.height, format: device.format)
        } catch {
            failScreenshots("error: \(error)")
            return
        }
        presenter.redrawLastFrame(into: file.buffer)
        let composed = MonotonicClock.now() - started
        let line = ScreenshotReply(width: device.size.width, height: device.size.height, format: device.format.name)
            .line
        for client in screenshotRequests {
            let copy = dup(file.descriptor)
            control?.reply(
                copy < 0 ? ControlReply("error: dup: \(errnoText(errno))") : ControlReply(line, passing: copy),
                to: client)
        }
        Log.info(
            "screenshot: \(device.size.width)x\(device.size.height) \(device.format.name) for "
                + "\(screenshotRequests.count) client(s), composed in "
                + String(format: "%.1f ms", composed.seconds * 1000))
        screenshotRequests.removeAll()
    }

    /// Answers every waiting screenshot request with `line` (no frame will come: the screen went dark or away).
    func failScreenshots(_ line: String) {
        for client in screenshotRequests { control?.reply(ControlReply(line), to: client) }
        screenshotRequests.removeAll()
    }
}
