import Foundation
import Glibc
import Raster

/// Composes screenshots on a thread of its own, at the lowest priority, so that a `ctl screenshot` never makes a
/// frame late: composing a frame a second time costs as much as the frame itself, which the loop cannot afford
/// between two frames of a moving carousel on a slow board. The loop hands over the frame it just presented
/// (`capture`), the thread composes it into a memory file and calls `wake`, and the loop picks the result up
/// (`collect`) and answers the clients.
// Sendable because every mutable property is read and written only with `condition` locked, and the composer and
// memory files never leave the thread (ThreadSanitizer: ServiceIOTests in scripts/test).
public final class ScreenshotWorker: @unchecked Sendable {
    /// A frame composed into a memory file, for the clients that asked for it.
    public struct Screenshot: Sendable {
        public let clients: [ControlServer.Client]
        public let width: Int
        public let height: Int
        public let format: PixelFormat
        /// The memory file (owned: the receiver closes it), or why there is none.
        public let file: Result<Int32, ServiceError>
        /// Time spent making the file and composing into it, on the thread.
        public let composeTime: Duration
    }

    private struct Job {
        let frame: ComposedFrame
        let width: Int
        let height: Int
        let clients: [ControlServer.Client]
    }

    /// The thread's nice value: the lowest, below the frame loop (0) and the pre-render threads.
    public static let niceness: Int32 = 19

    private let condition = NSCondition()
    private var queue: [Job] = []
    private var finished: [Screenshot] = []
    private var stopped = false
    private let wake: @Sendable () -> Void

    /// Starts the thread, idle until a frame is captured; `wake` is called after each finished screenshot.
    public init(wake: @escaping @Sendable () -> Void) {
        self.wake = wake
        // The thread holds the worker until `stop()` ends it.
        let thread = Thread {
            // Per thread on Linux. A system-call filter that refuses it also refuses the pre-render threads', which
            // bannerd logs; a screenshot at the loop's priority is then only slower to arrive, never wrong.
            _ = setpriority(__priority_which_t(PRIO_PROCESS.rawValue), 0, Self.niceness)
            self.run()
        }
        thread.name = "bannerd-screenshot"
        thread.start()
    }

    /// Queues `frame`, a `width × height` frame as the display scans it out, for `clients`.
    public func capture(_ frame: ComposedFrame, width: Int, height: Int, for clients: [ControlServer.Client]) {
        condition.lock()
        queue.append(Job(frame: frame, width: width, height: height, clients: clients))
        condition.broadcast()
        condition.unlock()
    }

    /// Takes the screenshots finished since the last call.
    public func collect() -> [Screenshot] {
        condition.lock()
        defer { condition.unlock() }
        let done = finished
        finished.removeAll()
        return done
    }

    /// Ends the thread after the screenshot in progress; queued ones are dropped.
    public func stop() {
        condition.lock()
        stopped = true
        condition.broadcast()
        condition.unlock()
    }

    private func run() {
        var composer = FrameComposer(rotation: .none)
        let clock = ContinuousClock()
        while true {
            condition.lock()
            while !stopped && queue.isEmpty { condition.wait() }
            guard !stopped else {
                condition.unlock()
                return
            }
            let job = queue.removeFirst()
            condition.unlock()
            let started = clock.now
            let frame = job.frame
            if composer.rotation != frame.rotation || composer.format != frame.format {
                composer = FrameComposer(rotation: frame.rotation, format: frame.format)
            }
            let file: Result<Int32, ServiceError>
            do {
                let memory = try FrameFile(width: job.width, height: job.height, format: frame.format)
                composer.compose(background: frame.background, placements: frame.placements, into: memory.buffer)
                // The mapping goes with `memory`; the copy of its descriptor is the receiver's to close.
                let owned = dup(memory.descriptor)
                file =
                    owned < 0 ? .failure(ServiceError(call: "dup", errno: errno, path: "screenshot")) : .success(owned)
            } catch {
                file = .failure(error)
            }
            let shot = Screenshot(
                clients: job.clients, width: job.width, height: job.height, format: frame.format, file: file,
                composeTime: clock.now - started)
            condition.lock()
            finished.append(shot)
            condition.unlock()
            wake()
        }
    }
}
