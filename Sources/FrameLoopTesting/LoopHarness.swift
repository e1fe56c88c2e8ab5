import CarouselEngine
import DisplaySelection
import FrameLoop

/// `bannerd run`'s frame path in simulated time: the real `FrameDriver` (scheduler, flip outcomes, display
/// health) against a `FakeDisplay`, woken as the poll loop wakes (the driver's deadline, the display's flip
/// events, scripted input and the watchdog's ping interval) on a manual clock.
public struct LoopHarness {
    public let clock: ManualClock
    public let display: FakeDisplay
    public var driver: FrameDriver
    /// Input still to come, in time order.
    public var events: [InputEvent] = []
    /// The systemd watchdog's interval (pings at half of it), nil without a watchdog.
    public var watchdogInterval: Duration?
    /// Every wake-up of the loop.
    public private(set) var wakeups: [Duration] = []
    /// Every frame handed to the display: its time and the carousel's position.
    public private(set) var frames: [(time: Duration, position: Double)] = []
    /// Every watchdog ping.
    public private(set) var pings: [Duration] = []
    /// Set when the loop spun (a thousand wake-ups in a row at one instant): the run stopped there.
    public private(set) var spun = false
    /// Wake-ups that found the carousel resting with nothing to draw.
    public private(set) var restingWakeups = 0
    private var nextEvent = 0

    /// A carousel of `count` banners at 800x480 on `display`, paced as `pacing` says.
    public init(count: Int, pacing: Pacing, flips: FlipBehaviour, autoplay: Duration? = nil) throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay
        let layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1, metrics: metrics)
        clock = ManualClock()
        display = FakeDisplay(clock: clock, flips: flips)
        driver = FrameDriver(
            scheduler: FrameScheduler(
                carousel: Carousel(layout: layout, metrics: metrics, count: count), pacing: pacing))
    }

    /// The scheduler inside the driver.
    public var scheduler: FrameScheduler { driver.scheduler }

    /// Runs until `end`, or until the loop would sleep with nothing to wake it.
    public mutating func run(until end: Duration) {
        while true {
            var wake = driver.nextDeadline(display: display).map { max($0, clock.now) }
            if let event = display.nextEventTime { wake = min(wake ?? event, max(event, clock.now)) }
            if nextEvent < events.count { wake = min(wake ?? events[nextEvent].time, events[nextEvent].time) }
            if watchdogInterval != nil {
                let due = max(driver.watchdogDeadline, clock.now)
                wake = min(wake ?? due, due)
            }
            guard let time = wake, time <= end else {
                clock.advance(to: end)
                return
            }
            clock.advance(to: time)
            let now = clock.now
            if wakeups.count >= 1000, wakeups[wakeups.count - 1000] == now {
                spun = true
                return
            }
            wakeups.append(now)
            let carousel = driver.scheduler.carousel
            if carousel.phase == .rest, !carousel.wantsFrames { restingWakeups += 1 }
            // As MainLoop.handle, then MainLoop.step.
            if let event = display.nextEventTime, event <= now { try? driver.readFlipEvents(from: display) }
            while nextEvent < events.count, events[nextEvent].time <= now {
                _ = driver.scheduler.handle(events[nextEvent])
                nextEvent += 1
            }
            var position = 0.0
            let result = try? driver.frame(at: now, on: display) { _, carousel in position = carousel.position }
            if result == .presented { frames.append((now, position)) }
            if let watchdogInterval, driver.watchdog(at: now, interval: watchdogInterval) == .ping { pings.append(now) }
        }
    }

    /// The most wake-ups in any `window` of simulated time (a second by default).
    public func mostWakeups(in window: Duration = .seconds(1)) -> Int {
        var most = 0
        var start = 0
        for (i, time) in wakeups.enumerated() {
            while wakeups[start] <= time - window { start += 1 }
            most = max(most, i - start + 1)
        }
        return most
    }

    /// A swipe starting at `start`: finger events every 8 ms (a 125 Hz panel).
    public mutating func swipe(at start: Duration, from: Double, to: Double, duration: Duration = .milliseconds(80)) {
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
