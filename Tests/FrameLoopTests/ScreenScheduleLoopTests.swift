import BannerdConfig
import CarouselEngine
import FrameLoop
import FrameLoopTesting
import Testing
import WallClock

/// The screen schedule through the loop's own step (`LoopWorld.step`): dark means no frames, and a wake-up a
/// minute at most (`ClockReading.longestSleep`: a daylight-saving change sets no clock); then lit again, afresh.
@Suite struct ScreenScheduleLoopTests {
    @Test func outsideItsHoursTheScreenIsOffAndNothingIsDrawn() throws {
        let on = try #require(ClockTime(hour: 7, minute: 0))
        let off = try #require(ClockTime(hour: 22, minute: 0))
        // Monday 21:59: the screen goes off a minute in, and on again at Tuesday 07:00, nine hours later.
        let localStart = Duration.seconds(21 * 3600 + 59 * 60)
        var loop = try LoopHarness(
            count: 5, pacing: .vblank, flips: .vblank(period: FramePacer.step), autoplay: .seconds(5),
            schedule: ScreenSchedule(start: on, end: off), localStart: localStart)
        let dark = Duration.seconds(60)
        let lit = Duration.seconds(9 * 3600 + 60)
        loop.run(until: lit + .seconds(30))
        #expect(loop.powerSwitches.map(\.lit) == [false, true])
        // Within a second of each change: the local time is read in whole seconds, as time(2) gives it.
        #expect(zip(loop.powerSwitches.map(\.time), [dark, lit]).allSatisfy { $0 >= $1 && $0 < $1 + .seconds(1) })
        // Autoplay slid every 5 s while lit; nothing was presented in the dark hours.
        #expect(loop.display.presents.contains { $0 < dark })
        #expect(!loop.display.presents.contains { $0 > dark + .seconds(1) && $0 < lit })
        #expect(loop.display.presents.contains { $0 > lit })
        // Lit again on the banner it went dark on, redrawn at once, and autoplay waits its whole 5 s from then: a
        // fresh carousel (the old one's interval ran out in the dark, and it would jump to the next banner at once).
        let switchedOn = try #require(loop.powerSwitches.last?.time)
        let litFrames = loop.display.presents.filter { $0 >= switchedOn }
        #expect(litFrames.first == switchedOn)
        #expect(litFrames.dropFirst().allSatisfy { $0 >= switchedOn + .seconds(5) })
        let wentDarkOn = loop.glass.last { $0.time < dark }?.picture
        #expect(loop.glass.last { $0.time < switchedOn + .seconds(5) }?.picture == wentDarkOn)
        // Asleep all night but for a look a minute.
        let night = loop.wakeups.filter { $0 > dark + .seconds(1) && $0 < lit }
        #expect(night.count <= Int((lit - dark) / ClockReading.longestSleep) + 1)
        #expect(loop.display.isOn)
    }
}
