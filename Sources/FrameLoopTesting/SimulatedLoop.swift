import BannerdConfig
import CarouselEngine
import DisplaySelection
import FrameLoop
import ProofOfPlay
import Raster
import WallClock

/// The world `LoopHarness` runs the production step in: a fake display that may be unplugged, banners rendered
/// when the script says, a screen schedule if given, content reloaded and staged when the script changes it, no
/// metrics; every effect recorded.
final class SimulatedLoop: LoopWorld {
    let clock: ManualClock
    let display: FakeDisplay
    var frames: FrameDriver
    var chores: LoopChores
    var glass = GlassWatch()
    var events: [InputEvent] = []
    var watchdogInterval: Duration?
    /// What banners are drawn with: `scripted`, or a real presenter a test gives.
    let pictures: any LoopPictures
    /// The script's renders and animations, when they are the pictures.
    let scripted: ScriptedPictures?
    private(set) var wakeups: [Duration] = []
    private(set) var presented: [(time: Duration, position: Double, animationFrame: Int)] = []
    private(set) var pings: [Duration] = []
    private(set) var hangsReported: [Duration] = []
    private(set) var spun = false
    private(set) var restingWakeups = 0
    private(set) var glassPictures: [(time: Duration, picture: GlassPicture?)] = []
    private(set) var placeholderFrames = 0
    private(set) var powerSwitches: [(time: Duration, lit: Bool)] = []
    /// Content changes to come, in time order: when the directory changes, and the banners it then holds.
    var contentChanges: [(time: Duration, banners: Banners)] = []
    private(set) var swaps: [ContentSwap] = []
    private(set) var schedulesApplied: [Duration] = []
    /// udev's display events to come, in time order.
    var hotplugEvents: [Duration] = []
    private(set) var displayProbes: [Duration] = []
    private(set) var presentFailures: [Duration] = []
    /// When a failed frame sent the videos from the planes to the composed path.
    private(set) var planesGivenUpAt: [Duration] = []
    /// The local time at the clock's zero, after Monday 00:00.
    private let localStart: Duration
    private var nextEvent = 0
    private var nextContentChange = 0
    /// What the directory holds since it last changed, read at the next reload.
    private var changedTo: Banners?
    /// Reloaded content waiting to take over (`LoopWorld+Staging`).
    var staged: Staged<Banners>?
    /// Changes of the banners shown (`GlassSeen`'s generation).
    private var generation = 0
    private var nextHotplugEvent = 0
    /// The display is open (`MainLoop.displayState` connected); shut down when it was found unplugged.
    private var displayOpen = true

    /// Banners as the script gives them: how many, and when each is rendered (one not listed: at once).
    typealias Banners = (count: Int, renderedAt: [Int: Duration])

    init(
        clock: ManualClock, display: FakeDisplay, frames: FrameDriver, schedule: ScreenSchedule?, localStart: Duration,
        pictures: (any LoopPictures)?
    ) {
        self.clock = clock
        if let pictures {
            self.pictures = pictures
            scripted = nil
        } else {
            let scripted = ScriptedPictures(clock: clock)
            self.pictures = scripted
            self.scripted = scripted
        }
        self.display = display
        self.frames = frames
        self.localStart = localStart
        chores = LoopChores(schedule: schedule, now: clock.now)
    }

    func run(until end: Duration) {
        while true {
            guard let time = nextWake(), time <= end else {
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
            if let scanout, let event = display.nextEventTime, event <= now {
                _ = try? frames.readFlipEvents(from: scanout)
            }
            while nextHotplugEvent < hotplugEvents.count, hotplugEvents[nextHotplugEvent] <= now {
                reprobeDisplay(at: now)
                nextHotplugEvent += 1
            }
            while nextEvent < events.count, events[nextEvent].time <= now {
                _ = input(events[nextEvent], at: now)
                nextEvent += 1
            }
            while nextContentChange < contentChanges.count, contentChanges[nextContentChange].time <= now {
                changedTo = contentChanges[nextContentChange].banners
                chores.contentChanged(at: now)
                nextContentChange += 1
            }
            if scripted?.renderedAt.values.contains(now) == true { frames.bannersRendered() }
            if staged?.banners.renderedAt.values.contains(now) == true { staged?.swap.bannersRendered(at: now) }
            step(at: now)
        }
    }

    /// The loop's own deadline, or the first moment a descriptor becomes readable: the display's event (while it
    /// is open), input, a render (of the banners shown or staged), the content directory, udev.
    private func nextWake() -> Duration? {
        let now = clock.now
        let renders =
            (scripted?.renderedAt.values.filter { $0 > now } ?? [])
            + (staged?.banners.renderedAt.values.filter { $0 > now } ?? [])
        let times = [
            nextDeadline(now: now), scanout == nil ? nil : display.nextEventTime,
            nextEvent < events.count ? events[nextEvent].time : nil, renders.min(),
            nextContentChange < contentChanges.count ? contentChanges[nextContentChange].time : nil,
            nextHotplugEvent < hotplugEvents.count ? hotplugEvents[nextHotplugEvent] : nil,
        ]
        return times.compactMap { $0.map { max($0, now) } }.min()
    }

    // LoopWorld

    var scanout: (any ScanoutDevice)? { displayOpen ? display : nil }
    var shownBanners: (count: Int, generation: Int) { (frames.scheduler.carousel.count, generation) }
    func otherDeadlines(now: Duration) -> (scheduleEdge: Duration?, metrics: Duration?, tv: Duration?) {
        (nil, nil, nil)
    }
    func localTime() -> LocalTime { .afterMondayMidnight(localStart + clock.now) }

    /// The display's power as `MainLoop` switches it; a reload stages what the directory holds; a probe looks for
    /// the display.
    func perform(_ effect: LoopChores.Effect) {
        switch effect {
        case .setPower(let lit):
            try? display.setPower(on: lit)
            powerSwitches.append((clock.now, lit))
        case .reloadContent:
            if let changedTo { stage(changedTo, at: clock.now) }
        case .probeDisplay:
            displayProbes.append(clock.now)
            reprobeDisplay(at: clock.now)
        case .powerState:
            break
        }
    }

    func freshCarousel(like carousel: Carousel, at now: Duration) -> Carousel {
        Carousel(
            layout: carousel.layout, metrics: carousel.metrics, count: carousel.count, startIndex: carousel.index,
            time: now)
    }
    func screenIsDark() {}
    func applySchedules(at now: Duration) { schedulesApplied.append(now) }

    /// The simulated display never pans: every frame is composed.
    func pan(_ carousel: Carousel) throws -> PresentOutcome? { nil }

    func framed(_ result: FrameDriver.FrameResult, autoplayWaitBegan: Bool, at now: Duration) {
        guard result == .presented else { return }
        presented.append((now, frames.scheduler.carousel.position, scripted?.centreAnimationFrame ?? 0))
        if pictures.placeholdersOnScreen > 0 { placeholderFrames += 1 }
    }

    func frameFailed(_ error: any Error, planesGivenUp: Bool) {
        presentFailures.append(clock.now)
        if planesGivenUp { planesGivenUpAt.append(clock.now) }
    }
    func prepareAhead() {}

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

    func closeDisplayIfUnplugged() {
        guard !display.isConnected else { return }
        display.shutdown()
        displayOpen = false
    }

    func openDisplay() -> (any ScanoutDevice)? {
        guard display.isConnected else { return nil }
        displayOpen = true
        return display
    }

    /// The same size: the carousel stays.
    func displayOpened(timerPacing: Bool) { frames.requestRedraw() }

    // Staged content: banners found by their index.

    func carousel(of banners: Banners, restingOn shown: Carousel) -> Carousel {
        Carousel(
            layout: shown.layout, metrics: shown.metrics, count: banners.count,
            startIndex: shown.index < banners.count ? shown.index : 0, time: shown.restSince)
    }

    func focusStaged(_ staged: Staged<Banners>) -> Bool {
        PrerenderWindow.isReady(around: staged.carousel) {
            ScriptedPictures.isRendered($0, of: staged.banners.renderedAt, at: clock.now)
        }
    }

    func take(_ staged: Staged<Banners>, at now: Duration) {
        swaps.append(ContentSwap(staged: staged.since, swapped: now, settled: frames.scheduler.carousel.isSettled))
        scripted?.renderedAt = staged.banners.renderedAt
        generation += 1
        frames.replace(staged.carousel)
    }
}
