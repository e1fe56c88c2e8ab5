import DisplaySelection
import Testing

@Suite struct PageFlipTrackerTests {
    @Test func threeBuffersRotateAndOneIsAlwaysFree() {
        var tracker = PageFlipTracker(bufferCount: 3)
        #expect(tracker.back == 0)
        tracker.shown(0)
        #expect(tracker.back == 1)
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
        var tracker = PageFlipTracker(bufferCount: 2)
        tracker.shown(0)
        #expect(tracker.back == 1)
        tracker.submitted(1, at: .zero)
        #expect(tracker.back == nil)
        tracker.completed()
        #expect(tracker.back == 0)
    }

    @Test func aStripIsFlippedToAgainAndIsNeverTheBackBuffer() {
        var tracker = PageFlipTracker(bufferCount: 3)
        tracker.shown(0)
        #expect(tracker.isStrip(3) && !tracker.isStrip(2))
        tracker.submitted(3, at: .milliseconds(1))
        #expect(tracker.back == 1)
        tracker.completed()
        #expect(tracker.front == 3)
        // Another window of the same strip, while it is on screen.
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
    }

    @Test func staleCompletionIsIgnored() {
        var tracker = PageFlipTracker(bufferCount: 3)
        tracker.shown(0)
        #expect(tracker.completed() == nil)
        #expect(tracker.front == 0)
    }

    @Test func overdueFromTheDeadlineOnAndRetiredOnce() {
        var tracker = PageFlipTracker(bufferCount: 3)
        tracker.shown(0)
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
}
