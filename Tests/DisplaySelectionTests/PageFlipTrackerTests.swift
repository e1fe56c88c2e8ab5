import DisplaySelection
import Testing

@Suite struct PageFlipTrackerTests {
    @Test func threeBuffersRotateAndOneIsAlwaysFree() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        #expect(tracker.front == 0 && tracker.back == 1)
        tracker.submitted(1, at: .milliseconds(1))
        #expect(tracker.back == 2)
        #expect(tracker.isFlipPending)
        #expect(tracker.completed() == .milliseconds(1))
        #expect(tracker.front == 1)
        #expect(tracker.back == 2)
        tracker.submitted(2, at: .milliseconds(20))
        #expect(tracker.back == 0)
        tracker.completed()
        #expect(tracker.back == 0)
    }

    @Test func twoBuffersHaveNoBackWhileAFlipIsPending() {
        var tracker = PageFlipTracker(bufferCount: 2, showing: 0)
        #expect(tracker.back == 1)
        tracker.submitted(1, at: .zero)
        #expect(tracker.back == nil)
        tracker.completed()
        #expect(tracker.back == 0)
    }

    @Test func aStripIsFlippedToAgainAndIsNeverTheBackBuffer() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        #expect(tracker.isStrip(3) && !tracker.isStrip(2))
        tracker.submitted(3, at: .milliseconds(1))
        #expect(tracker.back == 1)
        #expect(tracker.isOnScreenOrInFlight(3) && tracker.isOnScreenOrInFlight(0) && !tracker.isOnScreenOrInFlight(1))
        tracker.completed()
        #expect(tracker.front == 3)
        // Another window of the same strip, while it is on screen; every rotating buffer is free meanwhile.
        tracker.submitted(3, at: .milliseconds(17))
        #expect(tracker.back == 1)
        tracker.completed()
        #expect(tracker.front == 3)
        tracker.submitted(1, at: .milliseconds(33))
        #expect(tracker.back == 2)
        tracker.completed()
        #expect(tracker.front == 1)
        #expect(tracker.back == 2)
        #expect(!tracker.isOnScreenOrInFlight(3))
    }

    @Test func staleCompletionIsIgnored() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        #expect(tracker.completed() == nil)
        #expect(tracker.front == 0)
    }

    @Test func overdueFromTheDeadlineOnAndRetiredOnce() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        #expect(!tracker.isOverdue(now: .seconds(5)) && tracker.deadline == nil)
        var retired = tracker.retireIfOverdue(now: .seconds(5))
        #expect(!retired)
        tracker.submitted(1, at: .seconds(1))
        #expect(tracker.deadline == .seconds(1) + PageFlipTracker.flipTimeout)
        #expect(!tracker.isOverdue(now: .seconds(1) + .milliseconds(99)))
        retired = tracker.retireIfOverdue(now: .seconds(1) + .milliseconds(99))
        #expect(!retired && tracker.isFlipPending)
        #expect(tracker.isOverdue(now: .seconds(1) + .milliseconds(100)))
        retired = tracker.retireIfOverdue(now: .seconds(1) + .milliseconds(100))
        #expect(retired)
        #expect(tracker.front == 1 && !tracker.isFlipPending && tracker.deadline == nil)
        retired = tracker.retireIfOverdue(now: .seconds(2))
        #expect(!retired)
    }

    // Window framebuffers (a strip's windows by `PanMethod.framebufferOffset`) go only when they cannot be on glass.

    @Test func aWindowGoesWhenTheNextFlipCompletes() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        tracker.submitted(3, window: 10, at: .zero)
        #expect(tracker.ended(completed: true).isEmpty)  // 10 on screen
        tracker.submitted(3, window: 11, at: .milliseconds(16))
        #expect(tracker.ended(completed: true) == [10])
        // A flip to a buffer of its own (a composed frame): 11 leaves the screen with it.
        tracker.submitted(1, at: .milliseconds(33))
        #expect(tracker.ended(completed: true) == [11])
        #expect(tracker.state == .showing(PageFlipTracker.Image(index: 1, window: nil)))
    }

    @Test func afterALostEventTheOldWindowWaitsForAFlipThatIsKnownToComplete() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        tracker.submitted(3, window: 10, at: .zero)
        _ = tracker.ended(completed: true)
        tracker.submitted(3, window: 11, at: .seconds(1))
        // The event never came: 10 may still be scanned out, and removing it would turn the plane off.
        #expect(tracker.ended(completed: false).isEmpty)
        #expect(tracker.uncertain == [10] && tracker.state == .showing(PageFlipTracker.Image(index: 3, window: 11)))
        tracker.submitted(3, window: 12, at: .seconds(2))
        #expect(tracker.ended(completed: false).isEmpty)
        #expect(tracker.uncertain == [10, 11])
        tracker.submitted(3, window: 13, at: .seconds(3))
        #expect(tracker.ended(completed: true) == [10, 11, 12])
        #expect(tracker.uncertain.isEmpty && tracker.state == .showing(PageFlipTracker.Image(index: 3, window: 13)))
    }

    @Test func shutdownTakesEveryWindowStillHeld() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        tracker.submitted(3, window: 10, at: .zero)
        _ = tracker.ended(completed: true)
        tracker.submitted(3, window: 11, at: .seconds(1))
        _ = tracker.ended(completed: false)
        tracker.submitted(3, window: 12, at: .seconds(2))
        #expect(tracker.takeWindows().sorted() == [10, 11, 12])
        #expect(tracker.takeWindows().isEmpty)
        // What is on screen and in flight is still known: the display drains the flip before it shuts down.
        #expect(tracker.front == 3 && tracker.pending?.index == 3)
        #expect(tracker.ended(completed: true).isEmpty)
    }

    // Overlay sets (a video's picture and its banner's layer on planes of their own) go only when off glass.

    @Test func anOverlaySetGoesWhenAFlipWithoutItCompletes() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        var released: [UInt32] = []
        tracker.submitted(1, overlays: 1, at: .zero)
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        // The video's next frame at rest: the buffer on screen again, with another set.
        tracker.submitted(1, overlays: 2, at: .milliseconds(33))
        #expect(tracker.back == 2)
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        #expect(released == [1])
        // A frame of the carousel that keeps the set: nothing goes.
        tracker.submitted(2, overlays: 2, at: .milliseconds(50))
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        #expect(released == [1])
        tracker.submitted(0, at: .milliseconds(66))
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        #expect(released == [1, 2] && tracker.state == .showing(PageFlipTracker.Image(index: 0, window: nil)))
    }

    @Test func afterALostEventTheOldOverlaySetWaitsForAFlipThatIsKnownToComplete() {
        var tracker = PageFlipTracker(bufferCount: 3, showing: 0)
        var released: [UInt32] = []
        tracker.submitted(0, overlays: 1, at: .zero)
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        tracker.submitted(0, overlays: 2, at: .seconds(1))
        let retired = tracker.retireIfOverdue(now: .seconds(2))
        #expect(retired && tracker.uncertainOverlays == [1] && released.isEmpty)
        tracker.submitted(0, overlays: 3, at: .seconds(3))
        tracker.completed(remove: { _ in }, release: { released.append($0) })
        #expect(released == [1, 2] && tracker.uncertainOverlays.isEmpty)
    }
}

extension PageFlipTracker {
    /// Completes the pending flip, or retires it as lost well past its deadline; the window framebuffers the
    /// tracker says to remove, in order.
    fileprivate mutating func ended(completed: Bool) -> [UInt32] {
        var removed: [UInt32] = []
        if completed {
            self.completed { removed.append($0) }
        } else {
            _ = retireIfOverdue(now: .seconds(3600))
        }
        return removed
    }

    /// Completes the pending flip, when no window framebuffer is expected to go.
    @discardableResult
    fileprivate mutating func completed() -> Duration? {
        var removed: [UInt32] = []
        defer { #expect(removed.isEmpty) }
        return completed { removed.append($0) }
    }
}
