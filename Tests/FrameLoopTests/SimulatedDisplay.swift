import CarouselEngine
import FrameLoop

/// A display model in simulated time: when a submitted flip completes.
enum FlipBehaviour {
    /// Completes at the next vblank of a display refreshing every `period`.
    case vblank(period: Duration)
    /// Completes almost at once, like bochs (no vblank interrupt).
    case immediate
    /// Never reports completion (a driver dropping events).
    case dropped
}

/// Runs a scheduler the way the real poll loop does, with a simulated clock, display and input.
struct LoopSimulation {
    var scheduler: FrameScheduler
    let flips: FlipBehaviour
    var events: [InputEvent] = []
    /// (time, position) of every frame drawn.
    private(set) var frames: [(time: Duration, position: Double)] = []
    private(set) var now: Duration = .zero
    /// Wake-ups that found the carousel resting with nothing to draw.
    private(set) var restingWakeups = 0
    private var flipDone: Duration?
    private var nextEvent = 0

    init(count: Int, pacing: Pacing, flips: FlipBehaviour, autoplay: Duration? = nil) throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1, metrics: metrics)
        scheduler = FrameScheduler(carousel: Carousel(layout: layout, metrics: metrics, count: count), pacing: pacing)
        self.flips = flips
    }

    /// Runs until `end`, or until the loop would sleep with nothing to wake it.
    mutating func run(until end: Duration) {
        while true {
            var wake = scheduler.nextDeadline.map { max($0, now) }
            if let done = flipDone { wake = min(wake ?? done, done) }
            if nextEvent < events.count { wake = min(wake ?? events[nextEvent].time, events[nextEvent].time) }
            guard let time = wake, time <= end else {
                now = end
                return
            }
            now = time
            if let done = flipDone, done <= now {
                flipDone = nil
                scheduler.flipCompleted()
            }
            while nextEvent < events.count, events[nextEvent].time <= now {
                _ = scheduler.handle(events[nextEvent])
                nextEvent += 1
            }
            if scheduler.carousel.phase == .rest, !scheduler.carousel.wantsFrames { restingWakeups += 1 }
            if scheduler.wake(at: now) {
                frames.append((now, scheduler.carousel.position))
                scheduler.didPresent(at: now)
                flipDone = completion(of: now)
            }
        }
    }

    private func completion(of submitted: Duration) -> Duration? {
        switch flips {
        case .vblank(let period):
            let next = Int(submitted / period) + 1
            return period * next
        case .immediate:
            return submitted + .microseconds(400)
        case .dropped:
            return nil
        }
    }

    /// A swipe starting at `start`: finger events every 8 ms (a 125 Hz panel).
    mutating func swipe(at start: Duration, from: Double, to: Double, duration: Duration = .milliseconds(80)) {
        let samples = Int(duration / .milliseconds(8))
        events.append(.touchDown(slot: 0, position: PixelPoint(x: from, y: 240), millimetres: nil, time: start))
        for i in 1...samples {
            let x = from + (to - from) * Double(i) / Double(samples)
            events.append(
                .touchMotion(
                    slot: 0, position: PixelPoint(x: x, y: 240), millimetres: nil, time: start + .milliseconds(8 * i)))
        }
        events.append(.touchUp(slot: 0, time: start + duration))
    }
}
