import BackgroundJobs
import CarouselRendering
import EventLoop
import GlyphText
import PrerenderThreads
import ServiceIO

/// The threads beside the loop that serve every output. Each wakes the loop through the wake signal when it has a
/// result; none of them touches the display or the loop's state.
struct LoopThreads {
    /// Writes the metrics textfile and the proof-of-play records; what it returns is for the log.
    let writer: BackgroundQueue<WriteFailure>
    /// Reads the content directory for a reload (`+Control`), at the pre-render threads' priority.
    let content: BackgroundQueue<MainLoop.ReadContent>

    init(waking signal: WakeSignal) throws {
        writer = try BackgroundQueue(name: "writer", wake: { signal.wake() })
        content = try BackgroundQueue(name: "content", niceness: PrerenderWorker.niceness, wake: { signal.wake() })
    }
}

/// The threads beside the loop that serve one output (`OutputLoop`): they render, pan and screenshot its banners at
/// its size.
struct OutputThreads {
    /// Renders banners ahead of the carousel (`CarouselPresenter`).
    let worker: PrerenderWorker
    /// Composes `ctl screenshot` frames.
    let screenshots: BackgroundQueue<Screenshot>
    /// Composes the strips the display pans over (`+Panning`).
    let strips: BackgroundQueue<StripJob>

    init(fonts: FontPaths, waking signal: WakeSignal) throws {
        worker = try MainLoop.startPrerenderWorker(fonts: fonts, waking: signal)
        if let refused = worker.priorityRefused {
            Log.warning(
                "pre-render threads keep the frame loop's priority: setpriority(nice \(PrerenderWorker.niceness)) "
                    + "refused: \(refused) (a system-call filter without setpriority?)")
        }
        screenshots = try BackgroundQueue(name: "screenshot", wake: { signal.wake() })
        // Below the frame loop, above the pre-render threads: a strip is the frames of the next page.
        strips = try BackgroundQueue(name: "strips", niceness: 5, wake: { signal.wake() })
    }
}
