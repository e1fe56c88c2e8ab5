import CarouselEngine
import DisplaySelection
import FrameLoop
import FrameLoopTesting
import Testing

/// The frame path against a fake display whose flips complete at a blank or at once, stall, lose their events or
/// hang: the watchdog, the wake-up rate, refused presents and pacing.
@Suite struct FrameDriverTests {
    static let watchdog: Duration = .seconds(15)  // the unit's WatchdogSec
    /// Wake-ups per 60 Hz step, over a window short enough to fall inside one slide of the carousel: one for the
    /// step and at most one for a flip event that lands between two steps (a display without a vblank counter, or
    /// before the steps move onto the blanks).
    static let window: Duration = .milliseconds(250)
    static let mostPerWindow = 2 * 16

    @Test func flipsThatNeverCompleteStopTheWatchdogPingsWithinTheBound() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .hung, autoplay: .seconds(3))
        loop.watchdogInterval = Self.watchdog
        loop.run(until: .seconds(120))
        #expect(!loop.spun)
        // The first flip is retired as lost 100 ms after the first frame; every present after it is refused.
        #expect(loop.display.retired == 1 && loop.display.refusals > 0)
        let hungSince = try #require(loop.driver.health.failingSince)
        #expect(loop.driver.health.isHung(at: .seconds(120)))
        // No ping once the display has been hung for the bound: systemd restarts at the last ping + WatchdogSec.
        let lastPing = try #require(loop.pings.last)
        #expect(lastPing < hungSince + DisplayHealth.hungAfter)
        #expect(lastPing + Self.watchdog < .seconds(30))
        // Reported once, when the first ping was withheld, not at every look a second apart.
        #expect(loop.hangsReported.count == 1 && loop.hangsReported[0] > lastPing)
        // Withholding pings is no reason to spin: a refused frame is retried a step later.
        #expect(loop.mostWakeups(in: .seconds(1)) <= 60 + 3)
    }

    @Test func aDisplayThatRecoversGetsItsPingsBack() throws {
        // Flip 1 stalls for 8 s (every present refused meanwhile), then the driver works again.
        var loop = try LoopHarness(
            count: 5, pacing: .timer, flips: .stalling(flip: 1, for: .seconds(8), of: .immediate()),
            autoplay: .seconds(1))
        loop.watchdogInterval = Self.watchdog
        loop.run(until: .seconds(40))
        #expect(!loop.spun)
        let gap = zip(loop.pings, loop.pings.dropFirst()).map { $1 - $0 }.max() ?? .zero
        #expect(gap > Self.watchdog / 2)  // withheld while hung
        #expect(gap < Self.watchdog)  // resumed before systemd gave up
        #expect(loop.hangsReported.count == 1)
        #expect(!loop.driver.health.isHung(at: .seconds(40)))
    }

    @Test(arguments: [
        ("events lost", FlipBehaviour.eventsLost),
        ("hung", .hung),
        ("flip 3 stalls 2 s", .stalling(flip: 3, for: .seconds(2), of: .vblank(period: FramePacer.step))),
        ("some events lost", .losing([2, 5, 9, 10, 11], of: .vblank(period: FramePacer.step))),
        ("stall on a fast driver", .stalling(flip: 4, for: .milliseconds(700), of: .vblank(period: .milliseconds(16)))),
    ])
    func lostAndStalledFlipsNeverWakeTheLoopMoreThan60TimesASecond(name: String, flips: FlipBehaviour) throws {
        for pacing in [Pacing.vblank, .timer] {
            var loop = try LoopHarness(count: 5, pacing: pacing, flips: flips, autoplay: .seconds(1))
            loop.run(until: .seconds(20))
            #expect(!loop.spun, "\(name), \(pacing)")
            #expect(loop.mostWakeups(in: Self.window) <= Self.mostPerWindow, "\(name), \(pacing)")
            #expect(loop.scheduler.carousel.index != 0, "\(name), \(pacing): the carousel kept playing")
        }
    }

    @Test func aSingleLostEventDoesNotStopTheCarousel() throws {
        let healthy = FlipBehaviour.vblank(period: FramePacer.step)
        var reference = try LoopHarness(count: 5, pacing: .vblank, flips: healthy, autoplay: .seconds(2))
        reference.run(until: .seconds(21))
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .losing([5], of: healthy), autoplay: .seconds(2))
        loop.watchdogInterval = Self.watchdog
        loop.run(until: .seconds(21))
        #expect(loop.scheduler.statistics.flipTimeouts == 1)
        // Every slide played, as on a display that lost nothing.
        #expect(reference.scheduler.carousel.index == 3)
        #expect(loop.scheduler.carousel.index == reference.scheduler.carousel.index)
        #expect(loop.scheduler.carousel.phase == .rest)
        #expect(!loop.driver.health.isHung(at: .seconds(21)))
        #expect(loop.pings.count == 3)  // at 0, 7.5 and 15 s: never withheld
    }

    @Test func aCarouselAtRestWakesOnlyToPingTheWatchdog() throws {
        var loop = try LoopHarness(count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step))
        loop.watchdogInterval = Self.watchdog
        loop.run(until: .seconds(61))
        // Nothing moves after the first frame: a ping every half interval is all that wakes the loop.
        #expect(loop.frames.count == 1)
        #expect(loop.pings == stride(from: 0, through: 60, by: 7.5).map { Duration.milliseconds(Int($0 * 1000)) })
        #expect(loop.mostWakeups(in: .seconds(5)) <= 3)
    }

    @Test func busyAfterARetiredFlipIsRetriedAStepLaterInsteadOfSpinning() throws {
        // Flip 2 completes only after 600 ms: it is retired as lost at 100 ms, and the kernel refuses flips
        // with EBUSY until it completes.
        var loop = try LoopHarness(
            count: 5, pacing: .timer, flips: .stalling(flip: 2, for: .milliseconds(600), of: .immediate()),
            autoplay: .seconds(1))
        loop.run(until: .seconds(6))
        #expect(!loop.spun)
        #expect(loop.display.retired == 1)
        #expect(loop.display.refusals > 0)
        #expect(loop.scheduler.statistics.presentsRefused == loop.display.refusals)
        // The refused frame is retried once per step while the kernel holds the lost flip.
        let stalled = loop.display.presents[2]
        let refusing = loop.wakeups.filter { $0 > stalled + .milliseconds(100) && $0 < stalled + .milliseconds(600) }
        #expect(refusing.count <= 500 / 16 + 1)
        #expect(loop.mostWakeups(in: Self.window) <= Self.mostPerWindow)
        // The stale completion was not taken for a later flip's (every flip but one retired completed through its
        // own event), and the carousel played every slide a display without the stall plays.
        #expect(loop.display.completions.count == loop.display.presents.count)
        var reference = try LoopHarness(count: 5, pacing: .timer, flips: .immediate(), autoplay: .seconds(1))
        reference.run(until: .seconds(6))
        #expect(loop.scheduler.carousel.index == reference.scheduler.carousel.index)
    }

    @Test(arguments: [Pacing.vblank, .timer])
    func aDriverThatCompletesFlipsAtOnceNeverDrawsFasterThan60Hz(pacing: Pacing) throws {
        var loop = try LoopHarness(count: 5, pacing: pacing, flips: .immediate(), autoplay: .seconds(1))
        loop.run(until: .seconds(10))
        #expect(!loop.spun)
        let intervals = zip(loop.frames.dropFirst(), loop.frames).map { $0.time - $1.time }
        #expect(intervals.allSatisfy { $0 >= FramePacer.step }, "\(pacing)")
        // A wake-up for each step and one for each flip event: never more.
        #expect(loop.mostWakeups(in: Self.window) <= Self.mostPerWindow, "\(pacing)")
        #expect(loop.scheduler.carousel.index == 7 % 5, "\(pacing)")  // seven slides of 1 s rest + 0.4 s motion
    }
}
