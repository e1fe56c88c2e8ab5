import DisplaySelection
import Glibc
import Raster
import SystemCalls

/// A presented frame composed a second time into a memory file, for the `ctl screenshot` clients that asked for
/// it. Made on a background thread (`BackgroundQueue`): composing costs as much as the frame itself, which the
/// loop cannot afford between two frames of a moving carousel on a slow board.
public struct Screenshot: Sendable {
    public let clients: [ControlServer.Client]
    public let width: Int
    public let height: Int
    public let format: PixelFormat
    /// The memory file, or why there is none.
    public let file: Result<OwnedDescriptor, SystemCallError>
    /// Time spent making the file and composing into it.
    public let composeTime: Duration

    /// Composes `frame`, a `width × height` frame as the display scans it out, into a new memory file.
    /// `overlays`: what the overlay planes show over the frame (a video on them, issue 45), bottom first; the last
    /// has alpha (the banner's layer above its picture).
    public static func take(
        _ frame: ComposedFrame, overlays: [OverlayShowing] = [], width: Int, height: Int,
        for clients: [ControlServer.Client]
    ) -> Screenshot {
        let clock = ContinuousClock()
        let started = clock.now
        let file: Result<OwnedDescriptor, SystemCallError>
        do {
            let memory = try FrameFile(width: width, height: height, format: frame.format)
            FrameComposer(rotation: frame.rotation, format: frame.format).compose(
                background: frame.background, placements: frame.placements, into: memory.buffer)
            for (n, overlay) in overlays.enumerated() { overlay.lay(over: memory.buffer, alpha: n > 0) }
            // The mapping goes with `memory`; a copy of its descriptor goes to the clients.
            file = Result { () throws(SystemCallError) in try memory.descriptor.duplicate() }
        } catch {
            file = .failure(error)
        }
        return Screenshot(
            clients: clients, width: width, height: height, format: frame.format, file: file,
            composeTime: clock.now - started)
    }
}
