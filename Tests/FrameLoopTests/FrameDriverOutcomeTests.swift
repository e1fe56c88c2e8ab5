import CarouselEngine
import DisplaySelection
import FrameLoop
import Raster
import Testing

/// A display that shows a frame by copying it (as fbdev does): no page flips, no descriptor. It can be made to
/// have no buffer to draw into, or to fail the present, as a driver can.
final class CopyingDisplay: ScanoutDevice {
    struct PresentFailed: Error {}
    let size = PixelSize(width: 64, height: 48)
    let format: PixelFormat = .xrgb8888
    let pacing: PacingDecision = .timer(period: PacingDecision.fallbackTimerPeriod, reason: .noPageFlips)
    let storage = PixelBufferStorage(width: 64, height: 48, format: .xrgb8888)
    var hasBuffer = true
    var fails = false
    private(set) var shown = 0

    var backBuffer: PixelBuffer? { hasBuffer ? storage.buffer : nil }
    var pollDescriptor: Int32? { nil }
    var flipDeadline: Duration? { nil }
    func present() throws -> PresentOutcome {
        if fails { throw PresentFailed() }
        shown += 1
        return .shown
    }
    func handleReadable() throws -> FlipCompletion? { nil }
    func retireOverdueFlip(now: Duration) -> Bool { false }
    func setPower(on: Bool) throws {}
    func shutdown() {}
}

@Suite struct FrameDriverOutcomeTests {
    static func driver() throws -> FrameDriver {
        let layout = try CarouselLayout(widthPixels: 64, heightPixels: 48, scale: 1)
        return FrameDriver(scheduler: FrameScheduler(carousel: Carousel(layout: layout, count: 3), pacing: .timer))
    }

    @Test func aFrameShownAtOnceCountsAsPresentedAndAsAHealthyDisplay() throws {
        var driver = try Self.driver()
        let display = CopyingDisplay()
        var drawn = 0
        let first = try driver.frame(at: .zero, on: display) { _, _ in drawn += 1 }
        #expect(first == .presented && drawn == 1 && display.shown == 1 && driver.health.failuresInRow == 0)
        let unchanged = try driver.frame(at: .milliseconds(20), on: display) { _, _ in drawn += 1 }
        #expect(unchanged == .idle && drawn == 1)
        driver.requestRedraw()  // a banner finished rendering
        let redrawn = try driver.frame(at: .milliseconds(40), on: display) { _, _ in drawn += 1 }
        #expect(redrawn == .presented && drawn == 2)
    }

    @Test func itSaysWhetherTheLastFramePresentedWasPanned() throws {
        var driver = try Self.driver()
        let display = CopyingDisplay()
        #expect(driver.lastFramePanned == nil)
        var drawn = 0
        let draw = { (_: PixelBuffer, _: Carousel) in drawn += 1 }
        let composed = try driver.frame(at: .zero, on: display, pan: { _ in nil }, draw: draw)
        #expect(composed == .presented && drawn == 1 && driver.lastFramePanned == false)
        driver.requestRedraw()
        let panned = try driver.frame(at: .milliseconds(20), on: display, pan: { _ in .shown }, draw: draw)
        #expect(panned == .presented && drawn == 1 && driver.lastFramePanned == true)
        // A frame not presented leaves the answer as it was.
        let idle = try driver.frame(at: .milliseconds(40), on: display, pan: { _ in nil }, draw: draw)
        #expect(idle == .idle && driver.lastFramePanned == true)
    }

    @Test func withoutADisplayTheFrameIsDroppedAndTheLoopSleeps() throws {
        var driver = try Self.driver()
        var drawn = false
        let result = try driver.frame(at: .zero, on: nil) { _, _ in drawn = true }
        #expect(result == .dropped && !drawn && driver.scheduler.statistics.framesRendered == 0)
        #expect(driver.nextDeadline(display: nil) == driver.scheduler.carousel.nextAutoplayTime)
    }

    @Test func noBufferOrAFailedPresentIsRetriedAStepLaterAndCountsAgainstTheDisplay() throws {
        var driver = try Self.driver()
        let display = CopyingDisplay()
        display.hasBuffer = false
        let noBuffer = try driver.frame(at: .zero, on: display) { _, _ in }
        let tooSoon = try driver.frame(at: .milliseconds(1), on: display) { _, _ in }
        #expect(noBuffer == .refused && tooSoon == .idle)  // not again before a step
        display.hasBuffer = true
        display.fails = true
        #expect(throws: CopyingDisplay.PresentFailed.self) {
            try driver.frame(at: FramePacer.step, on: display) { _, _ in }
        }
        #expect(driver.scheduler.statistics.presentsRefused == 2 && driver.health.failuresInRow == 2)
        display.fails = false
        let recovered = try driver.frame(at: FramePacer.step * 2, on: display) { _, _ in }
        #expect(recovered == .presented && driver.health.failuresInRow == 0)
    }

    @Test func aRemoteCommandWakesTheFrames() throws {
        var driver = try Self.driver()
        let display = CopyingDisplay()
        _ = try driver.frame(at: .zero, on: display) { _, _ in }
        driver.update { $0.show(banner: 1, at: .milliseconds(100)) }  // `bannerd ctl goto 2`
        let wake = try #require(driver.nextDeadline(display: display))
        #expect(wake <= .milliseconds(100) + FramePacer.step)
        var moving = false
        let result = try driver.frame(at: .milliseconds(100) + FramePacer.step, on: display) { _, carousel in
            moving = carousel.phase != .rest
        }
        #expect(result == .presented && moving)
    }
}
