import CarouselEngine
import FrameLoop

/// Frames and wake-ups while nothing moves, from the frame scheduler the poll loop sleeps on: the loop wakes
/// only at `nextDeadline` (and on input, of which there is none here). Ten simulated minutes each with autoplay
/// off and with the default 5 s autoplay; a wake-up that draws is part of a slide, the rest are idle wake-ups.
enum RestCost {
    static let seconds = 600

    static func run() throws {
        print("## At rest: frames rendered and wake-ups per second (goals: 0 frames and ≤ 1 wake-up per second)")
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1)
        for autoplay in [nil, Duration.seconds(5)] {
            var metrics = CarouselMetrics()
            metrics.autoplayInterval = autoplay
            var scheduler = FrameScheduler(
                carousel: Carousel(layout: layout, metrics: metrics, count: 10), pacing: .timer)
            let end = Duration.seconds(seconds)
            var now = Duration.zero
            var wakeups = 0
            var drawing = 0
            var restingFrames = 0
            while now < end {
                wakeups += 1
                let moving = scheduler.carousel.wantsFrames
                if scheduler.wake(at: now) {
                    drawing += 1
                    // The first frame is the start-up picture; after it, a frame drawn without motion is waste.
                    if now > .zero && !moving && !scheduler.carousel.wantsFrames { restingFrames += 1 }
                    scheduler.didPresent()  // shown at once: no flip in flight
                }
                guard let next = scheduler.nextDeadline(flipDeadline: nil) else { break }
                now = max(now + .nanoseconds(1), next)
            }
            let idle = wakeups - drawing  // wake-ups that found nothing to draw
            let label = autoplay.map { "autoplay every \($0.components.seconds) s" } ?? "autoplay off"
            print(
                "rest, \(label): \(wakeups) wake-ups in \(seconds) s, \(drawing) of them drawing (the first frame and "
                    + "the slides); "
                    + "\(fixed(Double(idle) / Double(seconds), 3)) idle wake-ups/s, \(restingFrames) frames drawn "
                    + "while at rest")
        }
    }
}
