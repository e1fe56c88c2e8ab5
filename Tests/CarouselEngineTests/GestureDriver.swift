import CarouselEngine

/// Drives a carousel frame by frame in simulated time, recording what each frame showed.
struct GestureDriver {
    var carousel: Carousel
    private(set) var frame = 0
    private(set) var actions: [CarouselAction] = []
    private(set) var framesChanged = 0
    /// Largest swap jump seen at any rebase.
    private(set) var maxSwapJump = 0
    /// Largest distance, in points, the position went past a snap's target.
    private(set) var maxOvershoot = 0.0
    /// Largest difference between a banner's move and the scroll's move between consecutive frames.
    private(set) var maxDiscontinuity = 0

    init(
        count: Int, width: Int = 800, height: Int = 480, scale: Double = 1, metrics: CarouselMetrics = .init(),
        startIndex: Int = 0
    ) throws {
        let layout = try CarouselLayout(widthPixels: width, heightPixels: height, scale: scale, metrics: metrics)
        carousel = Carousel(layout: layout, metrics: metrics, count: count, startIndex: startIndex)
    }

    var time: Duration { FramePacer.step * frame }
    var layout: CarouselLayout { carousel.layout }
    var pageStep: Double { carousel.layout.pageStep }

    mutating func send(_ event: InputEvent) {
        if let action = carousel.handle(event) { actions.append(action) }
    }

    mutating func down(_ x: Double, _ y: Double = 240, slot: Int = 0) {
        send(.touchDown(slot: slot, position: PixelPoint(x: x, y: y), millimetres: nil, time: time))
    }

    mutating func move(_ x: Double, _ y: Double = 240, slot: Int = 0) {
        send(.touchMotion(slot: slot, position: PixelPoint(x: x, y: y), millimetres: nil, time: time))
    }

    mutating func up(slot: Int = 0) {
        send(.touchUp(slot: slot, time: time))
    }

    /// Advances one 60 Hz frame and checks that every banner on screen in both frames moved with the scroll.
    mutating func step() {
        let before = carousel.visibleViews()
        let scrollBefore = carousel.layout.scrollPixels(carousel.position)
        let rebases = carousel.rebaseCount
        frame += 1
        if carousel.advance(to: time) { framesChanged += 1 }
        if carousel.rebaseCount != rebases { maxSwapJump = max(maxSwapJump, carousel.lastSwapJumpPixels) }
        if let spring = carousel.activeSnap, spring.startOffset != 0 {
            let towardTarget: Double = spring.startOffset < 0 ? 1 : -1
            maxOvershoot = max(maxOvershoot, (carousel.position - spring.target) * towardTarget)
        }
        let shift = carousel.layout.scrollPixels(carousel.position) - scrollBefore
        let after = carousel.visibleViews()
        // Every page that stays on screen shows the same banner, exactly `shift` pixels further left.
        // (A renormalisation at rest renumbers pages by whole cycles; its shift is skipped.)
        guard abs(shift) < carousel.layout.pageStepPixels / 2 else { return }
        for shown in after {
            for old in before where old.page == shown.page {
                let moved = old.banner == shown.banner ? abs(old.x - shift - shown.x) : Int.max
                maxDiscontinuity = max(maxDiscontinuity, moved)
            }
        }
    }

    /// Starts the largest swap jump and discontinuity afresh (measuring one stretch of a run).
    mutating func forgetMeasures() {
        maxSwapJump = 0
        maxDiscontinuity = 0
    }

    mutating func step(_ frames: Int) {
        for _ in 0..<frames { step() }
    }

    /// Steps until the carousel rests (or `limit` frames pass); returns the frames it took.
    @discardableResult
    mutating func settle(limit: Int = 600) -> Int {
        var frames = 0
        while carousel.phase != .rest, frames < limit {
            step()
            frames += 1
        }
        return frames
    }

    /// Touches down at `from` and moves by `by` pixels a frame through `through`, without lifting.
    mutating func drag(from: Double, through: Double, by: Double, slot: Int = 0) {
        down(from, slot: slot)
        for x in stride(from: from + by, through: through, by: by) {
            step()
            move(x, slot: slot)
        }
    }

    /// A horizontal drag from `from` to `to` pixels over `frames` frames, one motion per frame, then a lift.
    mutating func swipe(from: Double, to: Double, frames: Int, y: Double = 240) {
        down(from, y)
        for i in 1...frames {
            step()
            move(from + (to - from) * Double(i) / Double(frames), y)
        }
        up()
    }

    /// Whether the carousel rests exactly on a page.
    var isCentred: Bool {
        carousel.phase == .rest && carousel.position == Double(carousel.nearestPage) * pageStep
    }
}
