import DisplaySelection
import Raster

/// What the kernel does with one page flip in a `FakeDisplay`.
public enum FlipFate: Equatable, Sendable {
    /// The flip completes at that time and its event arrives then, with the vblank counter at `sequence` (0 for
    /// a driver without one).
    case completes(at: Duration, sequence: UInt32)
    /// The flip completes at that time but its event never arrives (a driver dropping events).
    case eventLost(completesAt: Duration)
    /// The flip never completes: the kernel refuses every later flip with EBUSY (a hung driver).
    case never
}

/// How a fake display's driver treats page flips, in simulated time.
public struct FlipBehaviour: Sendable {
    /// The fate of flip number `n` (0 first) submitted at `submitted`.
    public let fate: @Sendable (_ n: Int, _ submitted: Duration) -> FlipFate

    public init(fate: @escaping @Sendable (_ n: Int, _ submitted: Duration) -> FlipFate) {
        self.fate = fate
    }

    /// A real vertical blank every `period`: a flip completes at the first blank after its submission (strictly:
    /// one submitted at a blank has missed it).
    public static func vblank(period: Duration, phase: Duration = .zero) -> FlipBehaviour {
        FlipBehaviour { _, submitted in
            // Duration division is floating point: settle the estimate with exact comparisons.
            var blanks = Int((submitted - phase) / period) + 1
            while phase + period * blanks <= submitted { blanks += 1 }
            while phase + period * (blanks - 1) > submitted { blanks -= 1 }
            return .completes(at: phase + period * blanks, sequence: UInt32(truncatingIfNeeded: 1000 + blanks))
        }
    }

    /// No vertical blank (bochs, simpledrm): a flip completes `latency` after its submission.
    public static func immediate(latency: Duration = .microseconds(400)) -> FlipBehaviour {
        FlipBehaviour { _, submitted in .completes(at: submitted + latency, sequence: 0) }
    }

    /// Flips complete and show, but no event ever arrives.
    public static let eventsLost = FlipBehaviour { _, submitted in .eventLost(completesAt: submitted + .milliseconds(5))
    }

    /// The driver hangs at its first flip: it never completes, and the kernel refuses every flip after it.
    public static let hung = FlipBehaviour { _, _ in .never }

    /// `base`, except the flips whose numbers are in `lost`, whose events never arrive.
    public static func losing(_ lost: Set<Int>, of base: FlipBehaviour) -> FlipBehaviour {
        FlipBehaviour { n, submitted in
            guard lost.contains(n), case .completes(let at, _) = base.fate(n, submitted) else {
                return base.fate(n, submitted)
            }
            return .eventLost(completesAt: at)
        }
    }

    /// `base`, except flip number `n`, which completes only after `stall` (its event comes then; a vblank counter
    /// has moved on).
    public static func stalling(flip n: Int, for stall: Duration, of base: FlipBehaviour) -> FlipBehaviour {
        FlipBehaviour { k, submitted in
            guard k == n, case .completes(_, let sequence) = base.fate(k, submitted) else {
                return base.fate(k, submitted)
            }
            return .completes(at: submitted + stall, sequence: sequence == 0 ? 0 : sequence &+ 1)
        }
    }
}

/// A display in simulated time for the frame loop's tests: the real `PageFlipTracker` keeps the flip, as in
/// `DRMDisplay`, while a model of the kernel decides when each flip completes, whether its event arrives and
/// when a new flip is refused with EBUSY. Records every frame presented and every completion, and what is on
/// glass (a buffer, or a window of a strip when it pans, and the overlay planes over it). Counts, when asked, the
/// bytes written into its memory.
public final class FakeDisplay: PanningScanout {
    public let size: PixelSize
    public let format: PixelFormat = .xrgb8888
    public var pacing: PacingDecision
    private let clock: ManualClock
    private let behaviour: FlipBehaviour
    var tracker: PageFlipTracker
    private let buffers: [PixelBufferStorage]
    private var strips: [PixelBufferStorage] = []
    /// The kernel's flip: its buffer (a strip's from `buffers.count` on) and window, its overlay set, when it
    /// completes (nil: never) and whether its event will arrive.
    private var kernelFlip:
        (buffer: Int, x: Int, y: Int, overlays: UInt32?, completes: Duration?, sequence: UInt32, delivers: Bool)?
    /// Events queued by the kernel, not yet read: each completion and the buffer it was for.
    private var queuedEvents: [(completion: FlipCompletion, buffer: Int)] = []
    /// The buffers' memory, then the strips', while `takeWrites` counts what is written into it; nil: not counting.
    private var watched: [WatchedMemory]?

    /// When each frame was presented (queued).
    public private(set) var presents: [Duration] = []
    /// When each flip completed in the kernel (the picture changed on glass).
    public private(set) var completions: [Duration] = []
    /// Presents refused with EBUSY.
    public private(set) var refusals = 0
    /// Flips retired as lost.
    public private(set) var retired = 0
    /// Whether the display is powered; frames presented while off are a bug in the loop.
    public private(set) var isOn = true
    /// How it pans; nil: it does not (the default).
    public var panMethod: PanMethod?
    /// A driver short of memory: strips refused when made, or when flipped to (as bochs pins a framebuffer in
    /// video memory only then).
    public var refusesStrips = (allocation: false, flip: false)
    /// A driver that refuses every commit with an overlay plane on (EINVAL), as one short of bandwidth for them may.
    public var refusesOverlays = false
    /// The buffer on glass (a strip's from the buffer count on) and the window's corner in it.
    public private(set) var glass = (buffer: 0, x: 0, y: 0)
    /// When its cable is out: presents fail then, as an unplugged connector's do. Nothing tells the loop; udev
    /// may, later (`LoopHarness.hotplugEvents`).
    public var unplugged: [Range<Duration>] = []
    /// What the overlay planes show from the next flip on (`OverlayScanout`), bottom first.
    public var overlays: [OverlayShowing] = []
    /// The overlays each flip since the oldest held showed, by set number (as `DRMDisplay` holds them).
    var overlaySets: [UInt32: [OverlayShowing]] = [:]
    private var overlaySetsMade: UInt32 = 0
    /// The overlays on glass, shown by the last completed flip.
    public private(set) var glassOverlays: [OverlayShowing] = []
    /// The window the last flip queued showed: an overlay-only flip shows it again.
    var windowQueued = (buffer: 0, x: 0, y: 0)

    public init(
        clock: ManualClock, flips: FlipBehaviour, pacing: PacingDecision = .vblank(period: .milliseconds(16)),
        size: PixelSize = PixelSize(width: 64, height: 48), bufferCount: Int = 3
    ) {
        self.clock = clock
        self.behaviour = flips
        self.pacing = pacing
        self.size = size
        tracker = PageFlipTracker(bufferCount: bufferCount, showing: 0)
        buffers = (0..<bufferCount).map { _ in
            PixelBufferStorage(width: size.width, height: size.height, format: .xrgb8888)
        }
    }

    /// When the descriptor next becomes readable (a queued or coming event); nil: not before something changes.
    public var nextEventTime: Duration? {
        advanceKernel()
        if let first = queuedEvents.first { return first.completion.time }
        guard let flip = kernelFlip, flip.delivers else { return nil }
        return flip.completes
    }

    public var backBuffer: PixelBuffer? { tracker.back.map { buffers[$0].buffer } }
    /// A descriptor exists (the harness watches `nextEventTime` instead of polling it).
    public var pollDescriptor: Int32? { -1 }
    public var flipDeadline: Duration? { tracker.deadline }

    /// Whether its cable is in now.
    public var isConnected: Bool { !unplugged.contains { $0.contains(clock.now) } }

    public func present() throws -> PresentOutcome {
        advanceKernel()
        guard isConnected else { throw FakeDisplayError.disconnected }
        guard !tracker.isFlipPending, let back = tracker.back else { return .busy }
        try checkOverlays()
        return flip(to: back, x: 0, y: 0)
    }

    public func addStrip(width: Int, height: Int) throws -> Int {
        if refusesStrips.allocation { throw FakeDisplayError.outOfMemory }
        strips.append(PixelBufferStorage(width: width, height: height, format: format))
        watched?.append(WatchedMemory(strips[strips.count - 1].buffer))
        return strips.count - 1
    }

    public func stripMemory(_ number: Int) -> StripMemory {
        StripMemory(pixels: strips[number].buffer, owner: strips[number])
    }

    public func isStripOnScreen(_ number: Int) -> Bool {
        tracker.isOnScreenOrInFlight(buffers.count + number)
    }

    public func presentStrip(_ number: Int, x: Int, y: Int) throws -> PresentOutcome {
        advanceKernel()
        let strip = strips[number].buffer
        // invariant: the panner pans only when told to, within its strips
        precondition(panMethod != nil && x + size.width <= strip.width && y + size.height <= strip.height)
        guard isConnected else { throw FakeDisplayError.disconnected }
        guard !tracker.isFlipPending else { return .busy }
        if refusesStrips.flip { throw FakeDisplayError.outOfMemory }
        try checkOverlays()
        return flip(to: buffers.count + number, x: x, y: y)
    }

    func flip(to index: Int, x: Int, y: Int) -> PresentOutcome {
        guard kernelFlip == nil else {
            refusals += 1
            return .busy  // the kernel still holds a flip (one retired as lost)
        }
        let now = clock.now
        var set: UInt32?
        if overlays.contains(where: { $0.buffer != nil }) {
            overlaySetsMade &+= 1
            overlaySets[overlaySetsMade] = overlays
            set = overlaySetsMade
        }
        switch behaviour.fate(presents.count, now) {
        case .completes(let at, let sequence): kernelFlip = (index, x, y, set, at, sequence, true)
        case .eventLost(let at): kernelFlip = (index, x, y, set, at, 0, false)
        case .never: kernelFlip = (index, x, y, set, nil, 0, false)
        }
        presents.append(now)
        windowQueued = (index, x, y)
        tracker.submitted(index, overlays: set, at: now)
        return .queued
    }

    /// The picture on glass, read from the buffer or the strip's window the last completed flip showed.
    public func glassPicture() -> Bitmap {
        advanceKernel()
        let source = glass.buffer < buffers.count ? buffers[glass.buffer] : strips[glass.buffer - buffers.count]
        let full = source.buffer
        let window = PixelBuffer(
            base: full.base + glass.y * full.stride + glass.x * format.bytesPerPixel, width: size.width,
            height: size.height, stride: full.stride, format: format)
        var out = Bitmap(width: size.width, height: size.height)
        for y in 0..<size.height {
            let row = (window.base + y * window.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<size.width { out[x, y] = row[x] | 0xFF00_0000 }
        }
        for overlay in glassOverlays { Self.blend(overlay, over: &out) }
        return out
    }

    public func handleReadable() throws -> FlipCompletion? {
        advanceKernel()
        var completed: FlipCompletion?
        while let event = queuedEvents.first, event.completion.time <= clock.now {
            queuedEvents.removeFirst()
            // An event of a flip retired as lost is stale: it must not complete the next flip early.
            // The fake makes no framebuffers for windows: its strips pan by their corner alone.
            if tracker.pending?.index == event.buffer,
                tracker.completed(remove: { _ in }, release: { overlaySets[$0] = nil }) != nil
            {
                completed = event.completion
            }
        }
        return completed
    }

    public func retireOverdueFlip(now: Duration) -> Bool {
        guard tracker.retireIfOverdue(now: now) else { return false }
        retired += 1
        return true
    }

    public func setPower(on: Bool) throws {
        isOn = on
    }

    /// Closed: the kernel's flip and its events go with it, so that opened again (its cable back) it starts
    /// afresh, as a device opened anew does.
    public func shutdown() {
        tracker = PageFlipTracker(bufferCount: buffers.count, showing: 0)
        kernelFlip = nil
        queuedEvents = []
        glass = (0, 0, 0)
        windowQueued = (0, 0, 0)
        overlays = []
        overlaySets = [:]
        glassOverlays = []
    }

    /// Starts counting the bytes written into the display's memory, its buffers and strips, by comparing the memory
    /// with a copy of it at each `takeWrites(in:)`: every pixel that changed counts, whatever changed it, through
    /// whichever pointer. A pixel rewritten with the value it held leaves no trace, so the buffers off screen are
    /// filled with a poison (`WatchedMemory.poison`) and a frame drawn into one counts whole. Costs a copy of the
    /// memory, and each look reads the memory and the copy.
    public func startCountingWrites() {
        guard watched == nil else { return }
        watched = (buffers + strips).map { WatchedMemory($0.buffer) }
        poisonBuffersOffScreen()
    }

    /// Stops counting and frees the copies.
    public func stopCountingWrites() {
        watched = nil
    }

    /// The bytes written into the display's memory since it was last looked at (or since counting began), by where
    /// they landed; nothing when not counting. A look reads `memory` only (all of it by default): what is written
    /// elsewhere is counted by a later look there, as landing where it is then. A strip on screen or in flight counts
    /// as shown: take the writes into a strip after it is composed and before it is shown, or its composition
    /// counts as written while shown.
    public func takeWrites(in memory: DisplayWrites.Memory = .all) -> DisplayWrites {
        advanceKernel()
        guard let watched else { return DisplayWrites() }
        var writes = DisplayWrites()
        if memory.contains(.buffers) {
            // The buffers off screen first: the one poisoned now is the next one drawn into, and the rest of the
            // look pushes it out of the cache again, as a frame finds its buffer when nothing looks.
            for index in buffers.indices where !isShown(index) {
                writes.buffers += watched[index].takeBytesWritten()
                watched[index].poison()
            }
            for index in buffers.indices where isShown(index) { writes.buffers += watched[index].takeBytesWritten() }
        }
        for index in buffers.count..<watched.count {
            if isShown(index) {
                if memory.contains(.shownStrips) { writes.shownStrips += watched[index].takeBytesWritten() }
            } else if memory.contains(.otherStrips) {
                writes.otherStrips += watched[index].takeBytesWritten()
            }
        }
        return writes
    }

    /// Whether buffer `index` (a strip's from the buffer count on) is on glass, in flight, or held by the kernel.
    private func isShown(_ index: Int) -> Bool {
        tracker.isOnScreenOrInFlight(index) || glass.buffer == index || kernelFlip?.buffer == index
    }

    private func poisonBuffersOffScreen() {
        for index in buffers.indices where !isShown(index) { watched?[index].poison() }
    }

    /// Completes the kernel's flip once its time has come, queuing its event if it delivers one.
    func advanceKernel() {
        guard let flip = kernelFlip, let at = flip.completes, at <= clock.now else { return }
        kernelFlip = nil
        glass = (flip.buffer, flip.x, flip.y)
        glassOverlays = flip.overlays.flatMap { overlaySets[$0] } ?? []
        completions.append(at)
        if flip.delivers { queuedEvents.append((FlipCompletion(time: at, sequence: flip.sequence), flip.buffer)) }
    }
}

/// What a `FakeDisplay` refuses with.
public enum FakeDisplayError: Error, Equatable, CustomStringConvertible {
    case outOfMemory
    case disconnected
    case overlaysRefused

    public var description: String {
        switch self {
        case .outOfMemory: "ENOMEM (the fake display's video memory is full)"
        case .disconnected: "ENODEV (the fake display's cable is out)"
        case .overlaysRefused: "EINVAL (the fake display refuses overlay planes)"
        }
    }
}
