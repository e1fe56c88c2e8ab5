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
    /// For a capture of glass (`ctl capture`): how many of its pixels differ from the composition; nil for a
    /// screenshot.
    public let differing: Int?

    /// Composes `frame`, a `width × height` frame as the display scans it out, into a new memory file.
    /// `overlays`: what the overlay planes show over the frame (a video on them, issue 45), bottom first; the last
    /// has alpha (the banner's layer above its picture). With `glass` (what the display hardware read back of the
    /// same frame), the file holds `glass` in XRGB8888 instead, and `differing` counts where it is not the composition.
    public static func take(
        _ frame: ComposedFrame, overlays: [OverlayShowing] = [], glass: Bitmap? = nil, width: Int, height: Int,
        for clients: [ControlServer.Client]
    ) -> Screenshot {
        let clock = ContinuousClock()
        let started = clock.now
        let file: Result<OwnedDescriptor, SystemCallError>
        var differing: Int?
        do {
            var memory = try FrameFile(width: width, height: height, format: frame.format)
            FrameComposer(rotation: frame.rotation, format: frame.format).compose(
                background: frame.background, placements: frame.placements, into: memory.buffer)
            for (n, overlay) in overlays.enumerated() { overlay.lay(over: memory.buffer, alpha: n > 0) }
            if let glass {
                differing = memory.buffer.snapshot().difference(from: glass).differing
                memory = try FrameFile(width: glass.width, height: glass.height, format: .xrgb8888)
                for y in 0..<glass.height {
                    let row = (memory.buffer.base + y * memory.buffer.stride).assumingMemoryBound(to: UInt32.self)
                    for x in 0..<glass.width { row[x] = glass[x, y] }
                }
            }
            // The mapping goes with `memory`; a copy of its descriptor goes to the clients.
            file = Result { () throws(SystemCallError) in try memory.descriptor.duplicate() }
        } catch {
            file = .failure(error)
        }
        return Screenshot(
            clients: clients, width: glass?.width ?? width, height: glass?.height ?? height,
            format: glass == nil ? frame.format : .xrgb8888, file: file, composeTime: clock.now - started,
            differing: differing)
    }
}
