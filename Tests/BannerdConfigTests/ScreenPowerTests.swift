import Testing
import WallClock

@testable import BannerdConfig

/// The screen's power policy in simulated time: schedule hours, touch wakes, and when to look again.
@Suite struct ScreenPowerTests {
    /// A clock advanced by hand: monotonic time and the local time it corresponds to (Monday 00:00 at zero).
    struct Clock {
        var now: Duration = .zero
        /// Local time minus monotonic time (a daylight-saving change moves it, not `now`).
        var offset: Duration = .zero
        var local: LocalTime {
            let seconds = Int((now + offset).components.seconds)
            var day = Weekday.monday
            for _ in 0..<(seconds / 86_400) { day = day.next }
            return LocalTime(weekday: day, hour: 0, minute: 0, second: seconds % 86_400)
        }
        mutating func advance(to time: Duration) { now = time }
    }

    let officeHours = ScreenSchedule(
        start: ClockTime(hour: 7, minute: 0)!, end: ClockTime(hour: 22, minute: 0)!, days: Set(Weekday.allCases))

    func at(_ hours: Int, _ minutes: Int = 0, day: Int = 0) -> Duration {
        .seconds(day * 86_400 + hours * 3600 + minutes * 60)
    }

    @Test func theConfigurationLightsTheScreenAlwaysWithoutASchedule() {
        var c = Configuration.defaults
        let saturdayNight = LocalTime(weekday: .saturday, hour: 3, minute: 0)
        #expect(c.isScreenOn(at: saturdayNight))
        c.schedule = officeHours
        #expect(!c.isScreenOn(at: saturdayNight))
    }

    @Test func withoutAScheduleTheScreenIsAlwaysOnAndNothingIsDue() {
        var power = ScreenPower(schedule: nil)
        let clock = Clock(now: at(3))
        #expect(power.state(now: clock.now, local: clock.local) == .on)
        #expect(power.nextChange(now: clock.now, local: clock.local) == nil)
        #expect(power.input(now: clock.now, local: clock.local) == false)
    }

    @Test func followsTheHoursAndWakesOnlyAtTheirEdges() throws {
        let power = ScreenPower(schedule: officeHours)
        var clock = Clock(now: at(3))
        var changes: [(Duration, ScreenPower.State)] = []
        var wakeups = 0
        var state = power.state(now: clock.now, local: clock.local)
        // Sleep from deadline to deadline for three days, as the main loop does.
        while clock.now < at(22, day: 2) {
            let next = try #require(power.nextChange(now: clock.now, local: clock.local))
            #expect(next > clock.now && next <= clock.now + ClockReading.longestSleep)
            clock.advance(to: next)
            wakeups += 1
            let now = power.state(now: clock.now, local: clock.local)
            if now != state { changes.append((clock.now, now)) }
            state = now
        }
        // One look a minute at most (from 03:00 on day 0 to 22:00 on day 2), each edge met exactly.
        #expect(wakeups == (at(22, day: 2) - at(3)).components.seconds / 60)
        #expect(changes.map(\.0) == [at(7), at(22), at(7, day: 1), at(22, day: 1), at(7, day: 2), at(22, day: 2)])
        #expect(changes.map(\.1) == [.on, .off, .on, .off, .on, .off])
    }

    @Test func aTouchInTheDarkWakesTheScreenForAMinuteAndIsSwallowed() throws {
        var power = ScreenPower(schedule: officeHours)
        var clock = Clock(now: at(23))
        #expect(power.state(now: clock.now, local: clock.local) == .off)
        #expect(power.input(now: clock.now, local: clock.local) == true)
        #expect(power.state(now: clock.now, local: clock.local) == .woken)
        // Input while lit reaches the carousel and extends the wake.
        clock.advance(to: at(23) + .seconds(40))
        #expect(power.input(now: clock.now, local: clock.local) == false)
        #expect(power.nextChange(now: clock.now, local: clock.local) == clock.now + .seconds(60))
        clock.advance(to: at(23) + .seconds(99))
        #expect(power.state(now: clock.now, local: clock.local) == .woken)
        clock.advance(to: at(23) + .seconds(100))
        #expect(power.state(now: clock.now, local: clock.local) == .off)
        // Dark again: nothing changes before the morning, but the loop looks again within a minute.
        #expect(power.nextChange(now: clock.now, local: clock.local) == clock.now + ClockReading.longestSleep)
    }

    @Test func aDaylightSavingJumpIsFollowedWithinAMinute() throws {
        let power = ScreenPower(schedule: officeHours)
        var clock = Clock(now: at(5, 59))
        #expect(power.state(now: clock.now, local: clock.local) == .off)
        // The loop goes to sleep at 05:59; clocks go forward an hour at 06:00 (local 06:00 becomes 07:00) with no
        // jump of the monotonic clock, so no clock-change event wakes it.
        let next = try #require(power.nextChange(now: clock.now, local: clock.local))
        clock.offset = .seconds(3600)
        clock.advance(to: next)
        #expect(clock.now - at(6) <= ClockReading.longestSleep)
        #expect(power.state(now: clock.now, local: clock.local) == .on)
    }

    @Test func aWakeRunningIntoTheHoursEndsWithThemAndInputDuringThemIsNotSwallowed() throws {
        var power = ScreenPower(schedule: officeHours, wakeDuration: .seconds(120))
        var clock = Clock(now: at(6, 59))
        #expect(power.input(now: clock.now, local: clock.local) == true)
        #expect(power.nextChange(now: clock.now, local: clock.local) == at(7))
        clock.advance(to: at(7))
        #expect(power.state(now: clock.now, local: clock.local) == .on)
        #expect(power.input(now: clock.now, local: clock.local) == false)
        clock.advance(to: at(22))
        #expect(power.state(now: clock.now, local: clock.local) == .off)
        #expect(ScreenPower.State.off.isLit == false && ScreenPower.State.woken.isLit)
    }
}
