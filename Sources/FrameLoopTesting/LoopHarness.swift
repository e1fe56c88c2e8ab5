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
    /// When pings began to be withheld for a hung display (`WatchdogAction.withhold(first: true)`): once per hang.
    public private(set) var hangsReported: [Duration] = []
    /// Set when the loop spun (a thousand wake-ups in a row at one instant): the run stopped there.
    public private(set) var spun = false
    /// Wake-ups that found the carousel resting with nothing to draw.
    public private(set) var restingWakeups = 0
    /// When each banner is rendered (as the pre-render worker's wake-up says); one not listed is ready at once.
    public var renderedAt: [Int: Duration] = [:]
    /// What the display showed (`FrameScheduler.glass`) after each wake-up, each change once, with its time.
    public private(set) var glass: [(time: Duration, picture: GlassPicture?)] = []
    /// Frames drawn with a banner on screen that was not rendered yet.
    public private(set) var placeholderFrames = 0
    private var nextEvent = 0

    /// A carousel of `count` banners on a display of `width` by `height` pixels, paced as `pacing` says.
    public init(
        count: Int, pacing: Pacing, flips: FlipBehaviour, autoplay: Duration? = nil, width: Int = 800,
        height: Int = 480,
        scale: Double = 1
    ) throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay
        let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: scale, metrics: metrics)
        clock = ManualClock()
        // The display decides the pacing, as a real one does from its flips; the driver follows it.
        let decision: PacingDecision =
            pacing == .timer
            ? .timer(period: PacingDecision.fallbackTimerPeriod, reason: .noPageFlips)
            : .vblank(period: FramePacer.step)
        display = FakeDisplay(clock: clock, flips: flips, pacing: decision)
        driver = FrameDriver(
            scheduler: FrameScheduler(
                carousel: Carousel(layout: layout, metrics: metrics, count: count), pacing: pacing))
    }

    /// The scheduler inside the driver.
    public var scheduler: FrameScheduler { driver.scheduler }

    /// Runs until `end`, or until the loop would sleep with nothing to wake it.
    public mutating func run(until end: Duration) {
        while true {
            // What the loop waits for, combined as `bannerd run` combines it (a lit screen, no schedule, staging or
            // metrics), then what would make a descriptor readable: the display's event, input, a render.
            var wake = LoopDeadline(
                frames: driver.nextDeadline(display: display), lit: true, chores: nil, scheduleEdge: nil,
                stagingPatience: nil, watchdog: watchdogInterval.map { _ in driver.watchdogDeadline }, metrics: nil
            ).earliest(now: clock.now).map { max($0, clock.now) }
            if let event = display.nextEventTime { wake = min(wake ?? event, max(event, clock.now)) }
            if nextEvent < events.count { wake = min(wake ?? events[nextEvent].time, events[nextEvent].time) }
            if let rendered = renderedAt.values.filter({ $0 > clock.now }).min() {
                wake = min(wake ?? rendered, rendered)
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
            if let event = display.nextEventTime, event <= now { _ = try? driver.readFlipEvents(from: display) }
            while nextEvent < events.count, events[nextEvent].time <= now {
                _ = driver.handle(events[nextEvent])
                nextEvent += 1
            }
            if renderedAt.values.contains(now) { driver.bannersRendered() }
            var position = 0.0
            var placeholder = false
            let rendered = renderedAt
            let isRendered = { (banner: Int) in rendered[banner].map { $0 <= now } ?? true }
            let result = try? driver.frame(at: now, on: display, isReady: isRendered) { _, carousel in
                position = carousel.position
                placeholder = carousel.visibleViews().contains { !isRendered($0.banner) }
            }
            if result == .presented {
                frames.append((now, position))
                if placeholder { placeholderFrames += 1 }
            }
            if glass.last?.picture != driver.scheduler.glass { glass.append((now, driver.scheduler.glass)) }
            if let watchdogInterval {
                switch driver.watchdog(at: now, interval: watchdogInterval) {
                case .ping: pings.append(now)
                case .withhold(first: true): hangsReported.append(now)
                case .withhold(first: false), .none: break
                }
            }
        }
    }

    /// The banners the display showed at rest, in order: one entry per rest.
    public var rests: [Int] {
        glass.compactMap { $0.picture?.settled == true ? $0.picture?.index : nil }
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
