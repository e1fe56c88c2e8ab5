import BannerdConfig
import CarouselEngine
import DisplaySelection
import FrameLoop

/// `bannerd run`'s loop in simulated time: the production step (`LoopWorld.step`, the same that `MainLoop` runs)
/// over a world of a `FakeDisplay` on a manual clock, woken as the poll loop wakes (the loop's deadline, the
/// display's flip events, scripted input and renders). Its own code is only that stand-in for poll() and what it
/// records.
public struct LoopHarness {
    private let world: SimulatedLoop

    /// A carousel of `count` banners on a display of `width` by `height` pixels, paced as `pacing` says, autoplay
    /// resting `autoplay` on a banner unless `ownInterval` gives its own (as a banner's `duration` does); the screen
    /// lit as `schedule` says (nil: always), the clock's zero `localStart` after Monday 00:00 local time. Banners
    /// are drawn by what `pictures` makes for the carousel's layout (a real `CarouselPresenter`, rendering inline,
    /// on a display of that size); without it, they are rendered as `renderedAt` says and nothing is drawn.
    public init(
        count: Int, pacing: Pacing, flips: FlipBehaviour, autoplay: Duration? = nil,
        ownInterval: @escaping @Sendable (_ index: Int) -> Duration? = { _ in nil }, width: Int = 800,
        height: Int = 480, scale: Double = 1, schedule: ScreenSchedule? = nil, localStart: Duration = .zero,
        pictures: ((CarouselLayout) throws -> any LoopPictures)? = nil
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
        // A display as large as the layout only where something draws into it.
        let display =
            pictures == nil
            ? FakeDisplay(clock: clock, flips: flips, pacing: decision)
            : FakeDisplay(clock: clock, flips: flips, pacing: decision, size: PixelSize(width: width, height: height))
        var carousel = Carousel(layout: layout, metrics: metrics, count: count)
        carousel.ownAutoplayInterval = ownInterval
        world = SimulatedLoop(
            clock: clock, display: display,
            frames: FrameDriver(scheduler: FrameScheduler(carousel: carousel, pacing: pacing)),
            schedule: schedule, localStart: localStart, pictures: try pictures?(layout))
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
        get { world.scripted?.renderedAt ?? [:] }
        set { world.scripted?.renderedAt = newValue }
    }
    /// Every wake-up of the loop.
    public var wakeups: [Duration] { world.wakeups }
    /// Every frame handed to the display: its time and the carousel's position.
    public var frames: [(time: Duration, position: Double)] { world.presented.map { ($0.time, $0.position) } }
    /// Every frame handed to the display: its time and the frame the animation of the banner at the centre showed.
    public var animationFrames: [(time: Duration, frame: Int)] {
        world.presented.map { ($0.time, $0.animationFrame) }
    }
    /// The banners that are animations, and how they play (the presenter's `AnimationPlayback` plays them).
    public var animations: [Int: AnimationTimeline] {
        get { world.scripted?.animations ?? [:] }
        set { world.scripted?.animations = newValue }
    }
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

    /// udev's display events (a connector plugged in or out), in time order: the loop looks at the display then.
    public var hotplugEvents: [Duration] {
        get { world.hotplugEvents }
        set { world.hotplugEvents = newValue }
    }
    /// When the loop looked for a display because none was open (`LoopChores`' probe).
    public var displayProbes: [Duration] { world.displayProbes }
    /// When presenting a frame failed (`LoopWorld.frameFailed`).
    public var presentFailures: [Duration] { world.presentFailures }
    /// When a failed frame sent the videos from the planes to the composed path (`LoopWorld.frameFailed`).
    public var planesGivenUp: [Duration] { world.planesGivenUpAt }
    /// Each reload that took over from the content on screen.
    public var swaps: [ContentSwap] { world.swaps }
    /// When the banners' schedules were looked at (`LoopWorld.applySchedules`).
    public var schedulesApplied: [Duration] { world.schedulesApplied }

    /// The content directory changes at `time` (after any change scripted before) to `count` banners, banner `i`
    /// rendered at `renderedAt[i]` (one not listed: at once); the loop reloads it once the directory is quiet
    /// (`LoopChores`) and stages it until it takes over (`StagedContent`).
    public mutating func changeContent(at time: Duration, count: Int, renderedAt: [Int: Duration] = [:]) {
        world.contentChanges.append((time, (count, renderedAt)))
    }

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

/// Reloaded content taking over in a `LoopHarness` run.
public struct ContentSwap: Equatable, Sendable {
    /// When the reload was staged (`LoopChores.contentQuietTime` after the directory changed).
    public var staged: Duration
    /// When it took over.
    public var swapped: Duration
    /// Whether the carousel on screen was at rest, untouched, then.
    public var settled: Bool
}
