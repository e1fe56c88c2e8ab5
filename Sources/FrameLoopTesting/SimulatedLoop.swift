import BannerdConfig
import CarouselEngine
import DisplaySelection
import FrameLoop
import ProofOfPlay
import Raster
import WallClock

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
