import BannerdConfig
import CarouselEngine
import DisplaySelection
import FrameLoop
import ProofOfPlay
import Raster
import WallClock

/// `bannerd run`'s loop in simulated time: the production step (`LoopWorld.step`, the same that `MainLoop` runs)
/// over a world of a `FakeDisplay` on a manual clock, woken as the poll loop wakes (the loop's deadline, the
/// display's flip events, scripted input and renders). Its own code is only that stand-in for poll() and what it
/// records.
public struct LoopHarness {
    private let world: SimulatedLoop

    /// A carousel of `count` banners on a display of `width` by `height` pixels, paced as `pacing` says; the screen
    /// lit as `schedule` says (nil: always), the clock's zero `localStart` after Monday 00:00 local time.
    public init(
        count: Int, pacing: Pacing, flips: FlipBehaviour, autoplay: Duration? = nil, width: Int = 800,
        height: Int = 480,
        scale: Double = 1, schedule: ScreenSchedule? = nil, localStart: Duration = .zero
    ) throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay
        let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: scale, metrics: metrics)
        let clock = ManualClock()
        // The display decides the pacing, as a real one does from its flips; the driver follows it.
        let decision: PacingDecision =
            pacing == .timer
            ? .timer(period: PacingDecision.fallbackTimerPeriod, reason: .noPageFlips)
            : .vblank(period: FramePacer.step)
        let display = FakeDisplay(clock: clock, flips: flips, pacing: decision)
        world = SimulatedLoop(
            clock: clock, display: display,
            frames: FrameDriver(
                scheduler: FrameScheduler(
                    carousel: Carousel(layout: layout, metrics: metrics, count: count), pacing: pacing)),
            schedule: schedule, localStart: localStart)
    }

    public var clock: ManualClock { world.clock }
    public var display: FakeDisplay { world.display }
    public var driver: FrameDriver {
        get { world.frames }
        set { world.frames = newValue }
    }
    /// The scheduler inside the driver.
    public var scheduler: FrameScheduler { world.frames.scheduler }
    /// Input still to come, in time order.
    public var events: [InputEvent] {
        get { world.events }
        set { world.events = newValue }
    }
    /// The systemd watchdog's interval (pings at half of it), nil without a watchdog.
    public var watchdogInterval: Duration? {
        get { world.watchdogInterval }
        set { world.watchdogInterval = newValue }
    }
    /// When each banner is rendered (as the pre-render worker's wake-up says); one not listed is ready at once.
    public var renderedAt: [Int: Duration] {
        get { world.renderedAt }
        set { world.renderedAt = newValue }
    }
    /// Every wake-up of the loop.
    public var wakeups: [Duration] { world.wakeups }
    /// Every frame handed to the display: its time and the carousel's position.
    public var frames: [(time: Duration, position: Double)] { world.presented }
    /// Every watchdog ping.
    public var pings: [Duration] { world.pings }
    /// When pings began to be withheld for a hung display (`WatchdogAction.withhold(first: true)`): once per hang.
    public var hangsReported: [Duration] { world.hangsReported }
    /// Set when the loop spun (a thousand wake-ups in a row at one instant): the run stopped there.
    public var spun: Bool { world.spun }
    /// Wake-ups that found the carousel resting with nothing to draw.
    public var restingWakeups: Int { world.restingWakeups }
    /// What the display showed (`FrameScheduler.glass`) after each wake-up, each change once, with its time.
    public var glass: [(time: Duration, picture: GlassPicture?)] { world.glassPictures }
    /// Frames drawn with a banner on screen that was not rendered yet.
    public var placeholderFrames: Int { world.placeholderFrames }
    /// When the schedule switched the display on (true) or off (false).
    public var powerSwitches: [(time: Duration, lit: Bool)] { world.powerSwitches }

    /// Runs until `end`, or until the loop would sleep with nothing to wake it.
    public mutating func run(until end: Duration) { world.run(until: end) }

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

/// The world `LoopHarness` runs the production step in: a fake display, banners rendered when the script says,
/// a screen schedule if given, no staging or metrics; every effect recorded.
final class SimulatedLoop: LoopWorld {
    let clock: ManualClock
    let display: FakeDisplay
    var frames: FrameDriver
    var chores: LoopChores
    var glass = GlassWatch()
    var events: [InputEvent] = []
    var watchdogInterval: Duration?
    var renderedAt: [Int: Duration] = [:]
    private(set) var wakeups: [Duration] = []
    private(set) var presented: [(time: Duration, position: Double)] = []
    private(set) var pings: [Duration] = []
    private(set) var hangsReported: [Duration] = []
    private(set) var spun = false
    private(set) var restingWakeups = 0
    private(set) var glassPictures: [(time: Duration, picture: GlassPicture?)] = []
    private(set) var placeholderFrames = 0
    private(set) var powerSwitches: [(time: Duration, lit: Bool)] = []
    /// The local time at the clock's zero, after Monday 00:00.
    private let localStart: Duration
    private var nextEvent = 0
    /// The frame being drawn: the carousel's position and whether a banner not rendered yet is in it.
    private var drawn = (position: 0.0, placeholder: false)

    init(
        clock: ManualClock, display: FakeDisplay, frames: FrameDriver, schedule: ScreenSchedule?, localStart: Duration
    ) {
        self.clock = clock
        self.display = display
        self.frames = frames
        self.localStart = localStart
        chores = LoopChores(schedule: schedule, now: clock.now)
    }

    func run(until end: Duration) {
        while true {
            // The loop's own deadline, then what would make a descriptor readable: the display's event, input,
            // a render.
            var wake = nextDeadline(now: clock.now).map { max($0, clock.now) }
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
            let carousel = frames.scheduler.carousel
            if carousel.phase == .rest, !carousel.wantsFrames { restingWakeups += 1 }
            // What poll() said was readable, as MainLoop.handle takes it; then the step.
            if let event = display.nextEventTime, event <= now { _ = try? frames.readFlipEvents(from: display) }
            while nextEvent < events.count, events[nextEvent].time <= now {
                _ = input(events[nextEvent], at: now)
                nextEvent += 1
            }
            if renderedAt.values.contains(now) { frames.bannersRendered() }
            step(at: now)
        }
    }

    // LoopWorld

    var scanout: (any ScanoutDevice)? { display }
    var shownBanners: (count: Int, generation: Int) { (frames.scheduler.carousel.count, 0) }
    var isStaging: Bool { false }
    func otherDeadlines(now: Duration) -> (scheduleEdge: Duration?, stagingPatience: Duration?, metrics: Duration?) {
        (nil, nil, nil)
    }
    func localTime() -> LocalTime { .afterMondayMidnight(localStart + clock.now) }

    /// The display's power as `MainLoop` switches it.
    func perform(_ effect: LoopChores.Effect) {
        guard case .setPower(let lit) = effect else { return }
        try? display.setPower(on: lit)
        powerSwitches.append((clock.now, lit))
    }

    func freshCarousel(like carousel: Carousel, at now: Duration) -> Carousel {
        Carousel(
            layout: carousel.layout, metrics: carousel.metrics, count: carousel.count, startIndex: carousel.index,
            time: now)
    }
    func screenIsDark() {}
    func applySchedules(at now: Duration) {}

    func isRendered(_ index: Int) -> Bool {
        renderedAt[index].map { $0 <= clock.now } ?? true
    }

    func pan(_ carousel: Carousel) throws -> PresentOutcome? { nil }

    func draw(_ carousel: Carousel, into buffer: PixelBuffer) {
        drawn = (carousel.position, carousel.visibleViews().contains { !isRendered($0.banner) })
    }

    func framed(_ result: FrameDriver.FrameResult, autoplayWaitBegan: Bool, at now: Duration) {
        guard result == .presented else { return }
        presented.append((now, drawn.position))
        if drawn.placeholder { placeholderFrames += 1 }
    }

    func frameFailed(_ error: any Error) {}
    func prepareAhead() {}
    func swapInStagedWhenDue(at now: Duration) {}
    func glassChanged(_ seen: GlassSeen, cause: PlayCause, at now: Duration) {}

    func stepEnded(at now: Duration) {
        let picture = frames.scheduler.glass
        if glassPictures.last?.picture != picture { glassPictures.append((now, picture)) }
    }

    func watchdog(_ action: FrameDriver.WatchdogAction) {
        switch action {
        case .ping: pings.append(clock.now)
        case .withhold(first: true): hangsReported.append(clock.now)
        case .withhold(first: false), .none: break
        }
    }
}
