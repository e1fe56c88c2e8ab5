import Testing

@testable import BannerdConfig

/// The screen's power policy in simulated time: schedule hours, touch wakes, and when to look again.
@Suite struct ScreenPowerTests {
    /// A clock advanced by hand: monotonic time and the local time it corresponds to (Monday 00:00 at zero).
    struct Clock {
        var now: Duration = .zero
        var local: LocalTime {
            let seconds = Int(now.components.seconds)
            var day = Weekday.monday
            for _ in 0..<(seconds / 86_400) { day = day.next }
            return LocalTime(weekday: day, hour: 0, minute: 0, second: seconds % 86_400)
        }
        mutating func advance(to time: Duration) { now = time }
    }

    let officeHours = ScreenSchedule(
        on: ClockTime(hour: 7, minute: 0)!, off: ClockTime(hour: 22, minute: 0)!, days: Set(Weekday.allCases))

    func at(_ hours: Int, _ minutes: Int = 0, day: Int = 0) -> Duration {
        .seconds(day * 86_400 + hours * 3600 + minutes * 60)
    }

    @Test func withoutAScheduleTheScreenIsAlwaysOnAndNothingIsDue() {
        var power = ScreenPower(schedule: nil)
        let clock = Clock(now: at(3))
        #expect(power.state(now: clock.now, local: clock.local) == .on)
        #expect(power.nextChange(now: clock.now, local: clock.local) == nil)
        #expect(power.input(now: clock.now, local: clock.local) == false)
    }

    @Test func followsTheHoursAndWakesOnlyAtTheirEdges() throws {
        let power = ScreenPower(schedule: try #require(officeHours))
        var clock = Clock(now: at(3))
        var changes: [(Duration, ScreenPower.State)] = []
        var wakeups = 0
        // Sleep from deadline to deadline for three days, as the main loop does.
        while clock.now < at(22, day: 2) {
            let next = try #require(power.nextChange(now: clock.now, local: clock.local))
            #expect(next > clock.now)
            clock.advance(to: next)
            wakeups += 1
            changes.append((clock.now, power.state(now: clock.now, local: clock.local)))
        }
        #expect(wakeups == 6)
        #expect(changes.map(\.0) == [at(7), at(22), at(7, day: 1), at(22, day: 1), at(7, day: 2), at(22, day: 2)])
        #expect(changes.map(\.1) == [.on, .off, .on, .off, .on, .off])
    }

    @Test func aTouchInTheDarkWakesTheScreenForAMinuteAndIsSwallowed() throws {
        var power = ScreenPower(schedule: try #require(officeHours))
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
        // Dark again: the next change is the morning.
        #expect(power.nextChange(now: clock.now, local: clock.local) == at(7, day: 1))
    }

    @Test func aWakeRunningIntoTheHoursEndsWithThemAndInputDuringThemIsNotSwallowed() throws {
        var power = ScreenPower(schedule: try #require(officeHours), wakeDuration: .seconds(120))
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
