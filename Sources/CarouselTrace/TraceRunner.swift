import CarouselEngine

/// One 60 Hz frame of a trace.
public struct TraceRow: Equatable, Sendable {
    public var frame: Int
    public var milliseconds: Double
    /// Viewport offset inside the three-page strip (points): one page when centred; moves back one page at a rebase.
    public var stripOffset: Double
    public var page: Int
    public var index: Int
    public var phase: CarouselPhase
    /// Banner bound to each view; nil where a view shows nothing (no ears for one banner).
    public var left: Int?
    public var center: Int?
    public var right: Int?

    /// The row as CSV: `frame,t_ms,offset_pt,page,index,phase,left,center,right`.
    public var csv: String {
        func banner(_ b: Int?) -> String { b.map(String.init) ?? "-" }
        return "\(frame),\(format(milliseconds)),\(format(stripOffset)),\(page),\(index),\(phase.rawValue),"
            + "\(banner(left)),\(banner(center)),\(banner(right))"
    }

    public static let csvHeader = "frame,t_ms,offset_pt,page,index,phase,left,center,right"
}

/// What a trace measured.
public struct TraceSummary: Equatable, Sendable {
    public var finalIndex: Int
    /// From the last lift or cancel to rest; -1 when the carousel had not settled by the end.
    public var settleMilliseconds: Double
    public var maxOvershootPoints: Double
    public var maxSwapJumpPixels: Int
    public var taps: Int
    /// Frames whose picture changed (a real display would render only these).
    public var framesChanged: Int

    public var line: String {
        "summary: final_index=\(finalIndex) settle_ms=\(format(settleMilliseconds)) "
            + "max_overshoot_pt=\(format(maxOvershootPoints)) max_swap_jump_px=\(maxSwapJumpPixels) taps=\(taps)"
    }
}

/// Runs the engine over a gesture script in simulated time, one row per 60 Hz frame.
public struct TraceRunner {
    public var carousel: Carousel
    public let script: GestureScript

    public init(carousel: Carousel, script: GestureScript) {
        self.carousel = carousel
        self.script = script
    }

    /// Frames to run by default: until 1.5 s after the last event (a snap ends within 0.6 s).
    public var defaultFrameCount: Int {
        let end = (script.events.last?.time ?? .zero) + .milliseconds(1500)
        return Int(end / FramePacer.step) + 1
    }

    /// Runs `frames` frames, handing each row and the engine's state after that frame to `emit`, and returns
    /// the summary. `prepare` sees the carousel at each frame's time before it advances (after the script's
    /// events), as a loop's own decisions do: a caller may replace it there (`bannerd render`'s schedules).
    public mutating func run(
        frames: Int, prepare: (Duration, inout Carousel) -> Void = { _, _ in },
        emit: (TraceRow, Carousel) -> Void
    ) -> TraceSummary {
        var summary = TraceSummary(
            finalIndex: 0, settleMilliseconds: 0, maxOvershootPoints: 0, maxSwapJumpPixels: 0, taps: 0,
            framesChanged: 0)
        var next = 0
        var lastRelease: Duration?
        var settledAt: Duration?
        for frame in 0..<max(0, frames) {
            let time = FramePacer.step * frame
            while next < script.events.count, script.events[next].time <= time {
                let event = script.events[next]
                if carousel.handle(event) != nil { summary.taps += 1 }
                switch event {
                case .touchUp, .touchCancel:
                    lastRelease = event.time
                    settledAt = nil
                default: break
                }
                next += 1
            }
            prepare(time, &carousel)
            let rebases = carousel.rebaseCount
            if carousel.advance(to: time) { summary.framesChanged += 1 }
            if carousel.rebaseCount != rebases {
                summary.maxSwapJumpPixels = max(summary.maxSwapJumpPixels, carousel.lastSwapJumpPixels)
            }
            if let spring = carousel.activeSnap, spring.startOffset != 0 {
                let towardTarget: Double = spring.startOffset < 0 ? 1 : -1
                let overshoot = (carousel.position - spring.target) * towardTarget
                summary.maxOvershootPoints = max(summary.maxOvershootPoints, overshoot)
            }
            if lastRelease != nil, settledAt == nil, carousel.phase == .rest { settledAt = time }
            emit(row(frame: frame, time: time), carousel)
        }
        summary.finalIndex = carousel.index
        if let lastRelease {
            summary.settleMilliseconds = settledAt.map { ($0 - lastRelease).seconds * 1000 } ?? -1
        }
        return summary
    }

    private func row(frame: Int, time: Duration) -> TraceRow {
        let recycler = carousel.recycler
        let ears = carousel.count >= 2
        return TraceRow(
            frame: frame, milliseconds: time.seconds * 1000,
            stripOffset: recycler?.stripOffset(position: carousel.position, pageStep: carousel.layout.pageStep) ?? 0,
            page: recycler?.centerPage ?? 0, index: carousel.index, phase: carousel.phase,
            left: ears ? recycler?.banner(for: .left) : nil, center: recycler?.banner(for: .center),
            right: ears ? recycler?.banner(for: .right) : nil)
    }
}

/// Fixed three-decimal formatting without Foundation, for stable CSV output.
func format(_ value: Double) -> String {
    guard value.isFinite else { return "\(value)" }
    let scaled = (abs(value) * 1000).rounded()
    let whole = Int(scaled / 1000)
    let fraction = Int(scaled) % 1000
    let sign = value < 0 && scaled > 0 ? "-" : ""
    let digits = String(fraction)
    return "\(sign)\(whole).\(String(repeating: "0", count: 3 - digits.count))\(digits)"
}
