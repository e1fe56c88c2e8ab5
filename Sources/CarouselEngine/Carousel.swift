/// The carousel engine: scroll position, phase, the three-view recycler and the snap, in simulated time.
///
/// Pure logic with no clock of its own: the caller feeds input events (with their own timestamps)
/// through `handle(_:)` and steps frames with `advance(to:)`, which reports whether the picture changed.
/// The scroll position `position` is in points; page `k` is centred at `k · layout.pageStep`.
public struct Carousel: Sendable {
    public let layout: CarouselLayout
    public let metrics: CarouselMetrics
    /// Number of banners. 0 shows a placeholder and ignores touch; 1 rubber-bands; 2 and up are endless.
    public let count: Int
    /// Scroll position in points.
    public internal(set) var position: Double
    public internal(set) var phase: CarouselPhase = .rest
    /// Time of the latest frame.
    public private(set) var time: Duration
    /// The three views; nil when there are no banners.
    public private(set) var recycler: Recycler?
    /// Largest move, in pixels, of any banner on screen at the latest re-centring (0 when invisible).
    public private(set) var lastSwapJumpPixels = 0
    /// Re-centrings (pages) performed so far.
    public private(set) var rebaseCount = 0
    /// Autoplay held by the operator (`pause` on the control socket); touch and keys still work.
    public var autoplayPaused = false
    /// How long autoplay rests on the banner at an index, if it says; nil (or not positive) waits
    /// `metrics.autoplayInterval`. With autoplay off (`metrics.autoplayInterval` nil) nothing advances. A lookup
    /// rather than an array: thousands of banners cost nothing here.
    public var ownAutoplayInterval: @Sendable (_ index: Int) -> Duration? = { _ in nil }
    /// Autoplay is due but waits: the banner it would bring in was not ready at the latest step (`advance`).
    public private(set) var autoplayWaiting = false
    /// Moves autoplay has started: a move may start and end between two looks at the carousel (a stalled loop
    /// catches up in closed form), so its phase alone cannot tell who moved it.
    public private(set) var autoplayMoves = 0
    /// Autoplay on the wall clock's shared timeline (`[carousel] sync = "wall-clock"`); nil: each rest lasts its
    /// interval from when it began.
    public var wallClock: WallClockAutoplay?
    /// Whether the carousel follows `wallClock`'s timeline: false once someone moves it (touch, keys, the control
    /// socket, a schedule), until it has rested its interval and the timeline's next slide brings it back.
    public internal(set) var inStepWithWall = true
    /// How long after its slot's start on the wall clock's timeline the latest autoplay slide began: zero when it
    /// began on the timeline's instant, more when it had to wait (a banner not rendered yet, a stalled loop).
    public private(set) var wallSlideLateness: Duration?
    /// Pages taken off the position by renormalisation while resting (whole cycles of `count`).
    /// `nearestPage + pagesRenormalised` is the page as if the position had never been wrapped.
    public private(set) var pagesRenormalised = 0

    var snap: SnapSpring?
    var snapTargetPage = 0
    var drag: DragState?
    var contacts = ContactSet()
    var velocity: VelocityTracker
    /// When the carousel came to rest (autoplay's interval counts from then).
    public internal(set) var restSince: Duration
    var pointerPosition = PixelPoint(x: 0, y: 0)
    var pointerPressed = false
    let planner: ReleasePlanner
    let rubberBand: RubberBand
    private var lastVisible = VisibleViews()
    private var positionAtLastFrame: Double

    /// A carousel of `count` banners at rest on `startIndex`, at `time`.
    public init(
        layout: CarouselLayout, metrics: CarouselMetrics = CarouselMetrics(), count: Int, startIndex: Int = 0,
        time: Duration = .zero
    ) {
        self.layout = layout
        self.metrics = metrics
        self.count = max(0, count)
        let page = count > 1 ? min(max(0, startIndex), count - 1) : 0
        self.position = Double(page) * layout.pageStep
        self.positionAtLastFrame = position
        self.time = time
        self.restSince = time
        self.recycler = count > 0 ? Recycler(count: count, page: page) : nil
        self.velocity = VelocityTracker(window: metrics.velocityWindow, pauseLimit: metrics.velocityPauseLimit)
        self.planner = ReleasePlanner(metrics: metrics)
        self.rubberBand = RubberBand(width: layout.viewportWidth, coefficient: metrics.rubberBandCoefficient)
        self.lastVisible = visibleViews()
    }

    /// The page nearest the current position.
    public var nearestPage: Int { Int((position / layout.pageStep).rounded()) }

    /// The banner nearest the centre.
    public var index: Int { recycler?.banner(atPage: nearestPage) ?? 0 }

    /// The snap or autoplay motion in progress, if any.
    public var activeSnap: SnapSpring? { snap }

    /// Whether the engine needs a frame: a snap or autoplay is running, or a drag moved it since the last frame.
    public var wantsFrames: Bool { snap != nil || position != positionAtLastFrame }

    /// The banner whose animation plays (`AnimationPlayback`): the centre one at rest or under a finger; none while
    /// the carousel slides by itself (autoplay, or a snap after a release). So an animation begins as its banner comes
    /// to rest, when autoplay's interval begins too: a video banner, which lasts its video's length, hands over as its
    /// last frame ends (begun at the centre crossing, half a slide earlier, it ended that much before).
    public var playingBanner: Int? { count > 0 && (phase == .rest || phase == .drag) ? index : nil }

    /// At rest with no finger down: the banners can be swapped under it without anything on screen moving.
    public var isSettled: Bool { phase == .rest && contacts.isEmpty && snap == nil }

    /// When autoplay will next move the carousel, if it is resting with autoplay on. On the wall clock's timeline:
    /// the next slot's start, or once out of step, the first slot start after a whole interval of rest.
    public var nextAutoplayTime: Duration? {
        nextWallSlot?.start ?? ownNextAutoplayTime
    }

    /// Autoplay's next move by the carousel's own clock: a whole interval after it came to rest.
    private var ownNextAutoplayTime: Duration? {
        guard !autoplayPaused, phase == .rest, contacts.isEmpty, count >= 2, let interval = autoplayInterval(for: index)
        else { return nil }
        return restSince + interval
    }

    /// The wall clock's slot autoplay moves into next, if the carousel follows the wall clock and autoplay is on:
    /// the first to start after the carousel came to rest (in step), or at or after its interval of rest (out of
    /// step).
    /// Where that start has passed (a pause, a dark screen, a wait for a banner), the slot under the latest frame:
    /// the banner the timeline shows now, never one it showed before.
    private var nextWallSlot: WallTimeline.Slot? {
        guard let wallClock, let due = ownNextAutoplayTime else { return nil }
        let next = inStepWithWall ? wallClock.slot(after: restSince) : wallClock.slot(startingAtOrAfter: due)
        return next.start <= time ? wallClock.slot(at: time) : next
    }

    /// Joins a wall-clock slide that began at `start` (before `time`, by less than a slide) onto the right neighbour:
    /// a board started during a slide shows it as far on as the others do.
    public mutating func joinWallSlide(startedAt start: Duration, at time: Duration) {
        guard wallClock != nil, isSettled, count >= 2 else { return }
        autoplayMoves += 1
        startSnap(toPage: nearestPage + 1, velocity: 0, at: start, phase: .autoplay)
        inStepWithWall = true
        wallSlideLateness = .zero
        if let spring = snap { position = spring.state(at: time).position }
    }

    /// The banner at rest starts its rest again at `time`, so that it stands its whole autoplay interval from then:
    /// the screen has only now begun to show it (the first frame waited for its banners, or a display came back).
    public mutating func restAgain(from time: Duration) {
        guard isSettled else { return }
        restSince = max(restSince, time)
    }

    /// The banner autoplay brings in next (the one right of the centre, or the wall clock's next), if it may move.
    public var autoplayTarget: Int? {
        guard count >= 2, let recycler else { return nil }
        return nextWallSlot?.banner ?? recycler.banner(atPage: nearestPage + 1)
    }

    /// Whether autoplay's move onto `banner` would show only banners `isReady` says can be shown: that one and the
    /// one whose ear shows beside it once it is there (the current banner leaves to the left).
    func autoplayCanMove(onto banner: Int, _ isReady: (Int) -> Bool) -> Bool {
        isReady(banner) && isReady((banner + 1) % count)
    }

    /// How long autoplay rests on banner `index`: its own interval, else the default; nil when autoplay is off.
    public func autoplayInterval(for index: Int) -> Duration? {
        guard let fallback = metrics.autoplayInterval, fallback > .zero else { return nil }
        guard (0..<count).contains(index), let own = ownAutoplayInterval(index), own > .zero else { return fallback }
        return own
    }

    /// Steps the engine to the frame at `time`; returns whether the picture differs from the previous frame.
    /// Autoplay moves only onto a banner `isReady` says can be shown: otherwise the carousel stays where it is
    /// (`autoplayWaiting`) and moves at the first step that finds it ready, from that step on.
    @discardableResult
    public mutating func advance(to time: Duration, isReady: (Int) -> Bool = { _ in true }) -> Bool {
        let previousFrame = self.time
        self.time = time
        guard count > 0 else { return false }
        if let spring = snap {
            let state = spring.state(at: time)
            let settled =
                abs(state.position - spring.target) < metrics.snapRestDistance
                && abs(state.velocity) < metrics.snapRestSpeed
            if settled || time - spring.startTime >= metrics.snapMaximumDuration {
                finishSnap(at: time)
            } else {
                position = state.position
            }
        }
        if let due = nextAutoplayTime, time >= due, let target = autoplayTarget {
            if target == index {
                // Back on the wall clock's timeline on the banner it shows already (two banners): nothing moves.
                inStepWithWall = true
                restSince = due
            } else if autoplayCanMove(onto: target, isReady) {
                // Due long ago (autoplay was paused, the loop slept through it, or it waited for the banner):
                // start now, not in the past. On the wall clock, a slot start crossed since the last step is met
                // exactly; one missed (a pause, a dark screen, new content joining) slides from now, never jumps.
                let start: Duration
                if autoplayWaiting {
                    start = time
                } else if wallClock == nil {
                    start = max(due, previousFrame)
                } else {
                    start = time - due <= FramePacer.step ? due : time
                }
                autoplayWaiting = false
                autoplayMoves += 1
                if target != recycler?.banner(for: .right) { recycler?.rebindNext(to: target) }
                startSnap(toPage: nearestPage + 1, velocity: 0, at: start, phase: .autoplay)
                if wallClock != nil {
                    inStepWithWall = true
                    wallSlideLateness = start - due
                }
                if let spring = snap { position = spring.state(at: time).position }
            } else {
                autoplayWaiting = true
            }
        } else {
            autoplayWaiting = false
        }
        recenter()
        if phase == .rest, contacts.isEmpty { renormalise() }
        positionAtLastFrame = position
        let visible = visibleViews()
        defer { lastVisible = visible }
        return visible != lastVisible
    }

    /// The banner views on screen at the current position.
    public func visibleViews() -> VisibleViews {
        guard let recycler else { return VisibleViews() }
        let scroll = layout.scrollPixels(position)
        func place(_ role: ViewRole) -> ViewPlacement? {
            if count == 1, role != .center { return nil }
            let page = recycler.centerPage + role.rawValue
            let x = layout.bannerX(page: page, scrollPixels: scroll)
            guard layout.isVisible(bannerX: x) else { return nil }
            return ViewPlacement(
                view: recycler.view(for: role), role: role, banner: recycler.banner(for: role),
                page: page, x: x, y: layout.topInsetPixels)
        }
        return VisibleViews(left: place(.left), center: place(.center), right: place(.right))
    }

    /// Starts a spring towards `page`; already there and still, the carousel simply rests.
    mutating func startSnap(toPage page: Int, velocity: Double, at time: Duration, phase: CarouselPhase) {
        if phase != .autoplay { inStepWithWall = false }
        let target = count == 1 ? 0 : page
        snapTargetPage = target
        let goal = Double(target) * layout.pageStep
        if position == goal, abs(velocity) < metrics.snapRestSpeed {
            snap = nil
            self.phase = .rest
            restSince = time
            return
        }
        snap = SnapSpring(from: position, velocity: velocity, to: goal, at: time, frequency: metrics.snapFrequency)
        self.phase = phase
    }

    /// Ends the snap exactly on its page.
    mutating func finishSnap(at time: Duration) {
        position = Double(snapTargetPage) * layout.pageStep
        snap = nil
        phase = drag == nil ? .rest : .drag
        restSince = time
    }

    private mutating func recenter() {
        // A lone banner has no neighbours to rotate in: its single view stays put while it rubber-bands.
        guard count > 1, var recycler else { return }
        let before = visibleViews()
        let moved = recycler.recenter(position: position, pageStep: layout.pageStep)
        self.recycler = recycler
        guard moved != 0 else { return }
        rebaseCount += abs(moved)
        lastSwapJumpPixels = largestMove(from: before, to: visibleViews())
    }

    /// How far any banner on screen moved between two pictures of the same position (before and after a
    /// re-centring). A page that shows a different banner afterwards counts as a whole page's jump.
    func largestMove(from before: VisibleViews, to after: VisibleViews) -> Int {
        var largest = 0
        for shown in after {
            for old in before where old.page == shown.page {
                let moved = old.banner == shown.banner ? abs(old.x - shown.x) : layout.pageStepPixels
                largest = max(largest, moved)
            }
        }
        return largest
    }

    /// Keeps the position within the first cycle of pages while resting, so it never grows without bound.
    private mutating func renormalise() {
        guard var recycler else { return }
        let page = recycler.centerPage
        let cycles = (page >= 0 ? page : page - count + 1) / count
        guard cycles != 0 else { return }
        let shift = cycles * count
        let residual = position - Double(page) * layout.pageStep
        position = Double(page - shift) * layout.pageStep + residual
        snapTargetPage -= shift
        pagesRenormalised += shift
        recycler.shift(byPages: -shift)
        self.recycler = recycler
    }
}
