import DisplaySelection
import Testing

/// Window framebuffers go only when they cannot be on glass.
@Suite struct WindowFramebuffersTests {
    @Test func theOneOnScreenGoesWhenTheNextFlipCompletes() {
        var windows = WindowFramebuffers()
        windows.submitted(10)
        #expect(windows.ended(completed: true).isEmpty)  // 10 on screen
        windows.submitted(11)
        #expect(windows.ended(completed: true) == [10])
        // A flip to a buffer of its own (a composed frame, a plane's source): 11 leaves the screen with it.
        #expect(windows.ended(completed: true) == [11])
        #expect(windows.front == nil && windows.pending == nil)
    }

    @Test func afterALostEventTheOldOneWaitsForAFlipThatIsKnownToComplete() {
        var windows = WindowFramebuffers()
        windows.submitted(10)
        _ = windows.ended(completed: true)
        windows.submitted(11)
        // The event never came: 10 may still be scanned out, and removing it would turn the plane off.
        #expect(windows.ended(completed: false).isEmpty)
        #expect(windows.uncertain == [10] && windows.front == 11)
        windows.submitted(12)
        #expect(windows.ended(completed: false).isEmpty)
        #expect(windows.uncertain == [10, 11])
        windows.submitted(13)
        #expect(windows.ended(completed: true) == [10, 11, 12])
        #expect(windows.uncertain.isEmpty && windows.front == 13)
    }

    @Test func shutdownTakesEveryOneStillHeld() {
        var windows = WindowFramebuffers()
        windows.submitted(10)
        _ = windows.ended(completed: true)
        windows.submitted(11)
        _ = windows.ended(completed: false)
        windows.submitted(12)
        #expect(windows.takeAll().sorted() == [10, 11, 12])
        #expect(windows == WindowFramebuffers())
    }
}

extension WindowFramebuffers {
    /// The framebuffers `flipEnded` says to remove, in order.
    fileprivate mutating func ended(completed: Bool) -> [UInt32] {
        var removed: [UInt32] = []
        flipEnded(completed: completed) { removed.append($0) }
        return removed
    }
}
