/// Touch, pointer and key handling: slop, catch, drag, release, tap and hand-over.
extension Carousel {
    /// Applies one input event. Returns an action when the event completes a tap or presses Enter.
    @discardableResult
    public mutating func handle(_ event: InputEvent) -> CarouselAction? {
        guard count > 0 else { return nil }
        switch event {
        case .touchDown(let slot, let position, let millimetres, let time):
            contactDown(.touch(slot: slot), at: position, millimetres: millimetres, time: time)
        case .touchMotion(let slot, let position, let millimetres, let time):
            contactMoved(.touch(slot: slot), to: position, millimetres: millimetres, time: time)
        case .touchUp(let slot, let time):
            return contactUp(.touch(slot: slot), time: time)
        case .touchCancel(let slot, let time):
            contactCancelled(.touch(slot: slot), time: time)
        case .pointerButton(let pressed, let time):
            guard pressed != pointerPressed else { return nil }
            pointerPressed = pressed
            if pressed {
                contactDown(.pointer, at: pointerPosition, millimetres: nil, time: time)
            } else {
                return contactUp(.pointer, time: time)
            }
        case .pointerMotion(let position, let time):
            pointerPosition = position
            if pointerPressed { contactMoved(.pointer, to: position, millimetres: nil, time: time) }
        case .key(let key, let time):
            return keyPressed(key, time: time)
        }
        return nil
    }

    private mutating func contactDown(
        _ id: ContactID, at point: PixelPoint, millimetres: MillimetrePoint?,
        time: Duration
    ) {
        contacts.touchDown(id, at: point, millimetres: millimetres)
        guard drag == nil else { return }  // only the first contact drives
        var caught = false
        if let spring = snap {
            // Freeze where the picture is now; almost there counts as at rest (and may become a tap).
            if abs(spring.target - position) < metrics.catchRestDistance {
                finishSnap(at: time)
            } else {
                snap = nil
                caught = true
            }
        }
        phase = .drag
        inStepWithWall = false
        velocity.reset()
        velocity.add(point.x / layout.scale, at: time)
        drag = DragState(
            contact: id, mode: caught ? .dragging : .pending, caught: caught, passedSlop: false,
            startPosition: point, startMillimetres: millimetres, startTime: time, startPage: nearestPage,
            anchorX: point.x, anchorScroll: anchorScroll())
    }

    private mutating func contactMoved(
        _ id: ContactID, to point: PixelPoint, millimetres: MillimetrePoint?,
        time: Duration
    ) {
        guard contacts.move(id, to: point, millimetres: millimetres), var state = drag, state.contact == id else {
            return
        }
        velocity.add(point.x / layout.scale, at: time)
        if !state.passedSlop, let fraction = slopFraction(state, point: point, millimetres: millimetres) {
            state.passedSlop = true
            if state.mode == .pending {
                let dx = point.x - state.startPosition.x
                if abs(point.y - state.startPosition.y) > abs(dx) {
                    state.mode = .ignored
                } else {
                    // Start from where the finger crossed the slop, so the content does not jump by it.
                    state.mode = .dragging
                    state.anchorX = state.startPosition.x + dx * fraction
                }
            }
        }
        if state.mode == .dragging {
            let distance = (state.anchorX - point.x) / layout.scale
            position =
                count == 1
                ? rubberBand.displayed(forDrag: state.anchorScroll + distance)
                : state.anchorScroll + distance
        }
        drag = state
    }

    private mutating func contactUp(_ id: ContactID, time: Duration) -> CarouselAction? {
        guard let lifted = contacts.lift(id), let state = drag, state.contact == id else { return nil }
        if let next = contacts.first {
            handOver(state, to: next, time: time)
            return nil
        }
        drag = nil
        switch state.mode {
        case .pending:
            if time - state.startTime < metrics.tapMaximumDuration {
                return tap(at: lifted.position, time: time)
            }
            startSnap(toPage: nearestPage(within: state), velocity: 0, at: time, phase: .snap)
        case .ignored:
            startSnap(toPage: nearestPage(within: state), velocity: 0, at: time, phase: .snap)
        case .dragging:
            if state.caught, !state.passedSlop {
                startSnap(toPage: nearestPage(within: state), velocity: 0, at: time, phase: .snap)
            } else {
                // The content moves against the finger: a finger moving left scrolls forwards.
                let speed = planner.clamp(velocity: -velocity.velocity(liftTime: time))
                let target = planner.targetPage(
                    position: position, velocity: speed, pageStep: layout.pageStep, startPage: state.startPage)
                startSnap(toPage: target, velocity: speed, at: time, phase: .snap)
            }
        }
        return nil
    }

    private mutating func contactCancelled(_ id: ContactID, time: Duration) {
        guard contacts.lift(id) != nil, let state = drag, state.contact == id else { return }
        contacts.removeAll()
        pointerPressed = false
        drag = nil
        startSnap(toPage: nearestPage(within: state), velocity: 0, at: time, phase: .snap)
    }

    /// The nearest page, but no further than one page from where the gesture began.
    private func nearestPage(within state: DragState) -> Int {
        min(max(nearestPage, state.startPage - 1), state.startPage + 1)
    }

    /// The remaining contact takes over where the lifted one left off, with a fresh velocity history.
    private mutating func handOver(_ state: DragState, to next: ContactSet.Contact, time: Duration) {
        var handed = state
        handed.contact = next.id
        handed.caught = state.caught || state.mode == .dragging
        handed.startPosition = next.position
        handed.startMillimetres = next.millimetres
        handed.anchorX = next.position.x
        handed.anchorScroll = anchorScroll()
        drag = handed
        velocity.reset()
        velocity.add(next.position.x / layout.scale, at: time)
    }

    private mutating func tap(at point: PixelPoint, time: Duration) -> CarouselAction? {
        let page = nearestPage
        let edge = Double(layout.insetPixels)
        if count >= 2, point.x < edge {
            startSnap(toPage: page - 1, velocity: 0, at: time, phase: .snap)
            return .tappedNeighbour(banner: recycler?.banner(atPage: page - 1) ?? 0)
        }
        if count >= 2, point.x >= Double(layout.viewportWidthPixels) - edge {
            startSnap(toPage: page + 1, velocity: 0, at: time, phase: .snap)
            return .tappedNeighbour(banner: recycler?.banner(atPage: page + 1) ?? 0)
        }
        startSnap(toPage: page, velocity: 0, at: time, phase: .snap)
        let top = Double(layout.topInsetPixels)
        guard point.y >= top, point.y < top + Double(layout.bannerHeightPixels) else { return nil }
        return .activated(banner: index)
    }

    private mutating func keyPressed(_ key: CarouselKey, time: Duration) -> CarouselAction? {
        guard drag == nil else { return nil }
        if key == .enter { return .activated(banner: index) }
        guard count >= 2 else { return nil }
        let base = snap == nil ? nearestPage : snapTargetPage
        let cycleStart = base - ((base % count) + count) % count
        let target: Int
        switch key {
        case .left: target = base - 1
        case .right: target = base + 1
        case .home: target = cycleStart
        case .end: target = cycleStart + count - 1
        case .enter: return nil
        }
        let speed = snap?.state(at: self.time).velocity ?? 0
        startSnap(toPage: target, velocity: speed, at: time, phase: .snap)
        return nil
    }

    /// Moves to `banner` the short way round, as a remote control or the control socket asks.
    /// Ignored while a finger drives the carousel, and for an index out of range.
    public mutating func show(banner: Int, at time: Duration) {
        guard drag == nil, count >= 2, banner >= 0, banner < count else { return }
        let base = snap == nil ? nearestPage : snapTargetPage
        var offset = (banner - base % count + 2 * count) % count
        if offset > count / 2 { offset -= count }
        let speed = snap?.state(at: self.time).velocity ?? 0
        startSnap(toPage: base + offset, velocity: speed, at: time, phase: .snap)
    }

    /// The anchor for a new drag: the position, or for a lone banner the raw drag that shows as it.
    private func anchorScroll() -> Double {
        count == 1 ? rubberBand.drag(forDisplayed: position) : position
    }

    /// Slop ÷ distance moved when the contact has moved past the slop, else nil.
    /// Uses millimetres when the panel reports them, points otherwise.
    private func slopFraction(_ state: DragState, point: PixelPoint, millimetres: MillimetrePoint?) -> Double? {
        let distance: Double
        let slop: Double
        if let start = state.startMillimetres, let now = millimetres {
            distance = hypotenuse(now.x - start.x, now.y - start.y)
            slop = metrics.slopMillimetres
        } else {
            let dx = (point.x - state.startPosition.x) / layout.scale
            let dy = (point.y - state.startPosition.y) / layout.scale
            distance = hypotenuse(dx, dy)
            slop = metrics.slopPoints
        }
        return distance > slop ? slop / distance : nil
    }
}

private func hypotenuse(_ a: Double, _ b: Double) -> Double {
    (a * a + b * b).squareRoot()
}
