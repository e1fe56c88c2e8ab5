import CarouselEngine
import DisplaySelection
import FrameLoop
import FrameLoopTesting
import Raster
import Testing

/// Issue 45: while the carousel rests, a video's next frame on an overlay plane goes to glass in a flip of its own
/// (`FrameDriver` asked with `requestOverlayFlip`), which draws nothing into the primary plane. A frame drawn by then
/// carries it instead; a flip in flight is waited for; a refused one is tried again a step later, not sooner.
@Suite struct OverlayFlipTests {
    static let size = PixelSize(width: 64, height: 48)
    static let grey: UInt32 = 0xFF80_8080
    static let green: UInt32 = 0xFF00_FF00

    static func draw(_ buffer: PixelBuffer, _: Carousel) {
        FakeDisplayWritesTests.fill(buffer.base, bytes: size.width * size.height * 4, with: grey)
    }

    /// A driver whose first frame is on `display`'s glass, the carousel at rest, the display counting
    /// writes from then on.
    static func started(_ display: FakeDisplay, clock: ManualClock) throws -> FrameDriver {
        let layout = try CarouselLayout(widthPixels: size.width, heightPixels: size.height, scale: 1)
        var driver = FrameDriver(
            scheduler: FrameScheduler(carousel: Carousel(layout: layout, count: 3), pacing: .timer))
        #expect(try driver.frame(at: clock.now, on: display, draw: draw) == .presented)
        try FakeDisplayOverlayTests.complete(display, clock: clock)
        display.startCountingWrites()
        return driver
    }

    /// A green picture on plane 40 at (8, 8), as a video's frame would be.
    static func picture(on display: FakeDisplay) throws -> OverlayShowing {
        let memory = try display.makePlaneMemory(width: 16, height: 16, alpha: false, spareBytes: 0)
        FakeDisplayWritesTests.fill(memory.pixels.base, bytes: 16 * 16 * 4, with: green)
        return OverlayShowing(
            planeID: 40, buffer: memory, source: PixelRect(x: 0, y: 0, width: 16, height: 16),
            destination: PixelRect(x: 8, y: 8, width: 16, height: 16))
    }

    @Test func atRestTheOverlaysGoToGlassInAFlipOfTheirOwnWithNothingDrawn() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: Self.size)
        var driver = try Self.started(display, clock: clock)
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .idle, "at rest")
        display.overlays = [try Self.picture(on: display)]
        driver.requestOverlayFlip()
        #expect(try #require(driver.nextDeadline(display: display)) <= clock.now, "due at once")
        var drawn = 0
        let result = try driver.frame(at: clock.now, on: display) { _, _ in drawn += 1 }
        #expect(result == .overlaysPresented && drawn == 0)
        try FakeDisplayOverlayTests.complete(display, clock: clock)
        #expect(display.glassPicture()[8, 8] == Self.green && display.glassPicture()[7, 7] == Self.grey)
        #expect(display.takeWrites(in: .buffers) == DisplayWrites(), "no pixel of the primary plane written")
        let statistics = driver.scheduler.statistics
        #expect(statistics.overlayFlips == 1 && statistics.framesRendered == 1)
        // Nothing more asked: the loop sleeps until autoplay.
        #expect(try driver.frame(at: clock.now, on: display) { _, _ in drawn += 1 } == .idle)
        #expect(driver.nextDeadline(display: display) == driver.scheduler.carousel.nextAutoplayTime)
    }

    @Test func anOverlayFlipWaitsForTheFlipInFlight() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: Self.size)
        var driver = try Self.started(display, clock: clock)
        driver.requestRedraw()
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .presented)
        display.overlays = [try Self.picture(on: display)]
        driver.requestOverlayFlip()
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .idle, "one flip at a time")
        #expect(driver.nextDeadline(display: display) == display.flipDeadline, "woken by the flip's end at the latest")
        try FakeDisplayOverlayTests.complete(display, clock: clock)
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .overlaysPresented)
        try FakeDisplayOverlayTests.complete(display, clock: clock)
        #expect(display.glassPicture()[8, 8] == Self.green)
    }

    @Test func aFrameDrawnMeanwhileCarriesTheOverlaysWithIt() throws {
        let clock = ManualClock()
        let display = FakeDisplay(clock: clock, flips: .immediate(), size: Self.size)
        var driver = try Self.started(display, clock: clock)
        display.overlays = [try Self.picture(on: display)]
        driver.requestOverlayFlip()
        driver.requestRedraw()  // a banner finished rendering
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .presented)
        try FakeDisplayOverlayTests.complete(display, clock: clock)
        #expect(display.glassPicture()[8, 8] == Self.green)
        #expect(driver.scheduler.statistics.overlayFlips == 0 && !driver.scheduler.needsOverlayFlip)
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .idle, "nothing left to flip")
    }

    @Test func aRefusedOverlayFlipIsTriedAgainAStepLaterNotSooner() throws {
        let clock = ManualClock()
        // The first frame's flip never completes: retired as lost, the kernel still holds it and refuses the next.
        let display = FakeDisplay(clock: clock, flips: .hung, size: Self.size)
        var driver = try Self.started(display, clock: clock)
        clock.advance(to: .milliseconds(200))
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .idle && display.retired == 1)
        display.overlays = [try Self.picture(on: display)]
        driver.requestOverlayFlip()
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .refused)
        clock.advance(to: clock.now + .milliseconds(1))
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .idle, "not sooner than a step")
        #expect(try #require(driver.nextDeadline(display: display)) >= .milliseconds(200) + FramePacer.step)
        clock.advance(to: .milliseconds(200) + FramePacer.step)
        #expect(try driver.frame(at: clock.now, on: display, draw: Self.draw) == .refused)
        #expect(driver.scheduler.needsOverlayFlip && driver.scheduler.statistics.overlayFlips == 0)
        // The lost flip and the two refusals, in a row.
        #expect(driver.scheduler.statistics.presentsRefused == 2 && driver.health.failuresInRow == 3)
    }

    @Test func aRequestWithNoPlanesToFlipIsDroppedRatherThanWakingTheLoopAgain() throws {
        let clock = ManualClock()
        let layout = try CarouselLayout(widthPixels: Self.size.width, heightPixels: Self.size.height, scale: 1)
        // A display without overlay planes (fbdev copies its frames), then none at all (unplugged at rest).
        for display in [CopyingDisplay(), nil] as [CopyingDisplay?] {
            var driver = FrameDriver(
                scheduler: FrameScheduler(carousel: Carousel(layout: layout, count: 3), pacing: .timer))
            #expect(try driver.frame(at: clock.now, on: CopyingDisplay(), draw: Self.draw) == .presented)
            driver.requestOverlayFlip()
            #expect(try driver.frame(at: .milliseconds(20), on: display, draw: Self.draw) == .idle)
            #expect(!driver.scheduler.needsOverlayFlip)
            #expect(driver.nextDeadline(display: display) == driver.scheduler.carousel.nextAutoplayTime, "no spin")
        }
    }
}
