import BannerdConfig
import FrameLoop
import FrameLoopTesting
import Testing
import WallClock

@Suite struct LoopChoresTests {
    /// Local time `seconds` after Monday 00:00 (one week around).
    static func local(_ seconds: Duration) -> LocalTime { .afterMondayMidnight(seconds) }

    @Test func aBurstOfContentChangesIsReloadedOnceWhenTheDirectoryIsQuiet() {
        var chores = LoopChores(schedule: nil, now: .zero)
        for ms in [0, 100, 200] { chores.contentChanged(at: .milliseconds(ms)) }
        let due = Duration.milliseconds(200) + LoopChores.contentQuietTime
        #expect(chores.deadline(now: .milliseconds(200), local: Self.local(.zero), hasDisplay: true) == due)
        #expect(chores.step(at: due - .milliseconds(1), local: Self.local(.zero), hasDisplay: true).isEmpty)
        #expect(chores.step(at: due, local: Self.local(.zero), hasDisplay: true) == [.reloadContent])
        #expect(chores.step(at: due + .seconds(1), local: Self.local(.zero), hasDisplay: true).isEmpty)
        #expect(chores.deadline(now: due, local: Self.local(.zero), hasDisplay: true) == nil)
    }

    @Test func aReloadOnRequestTakesThePendingChangeWithIt() {
        var chores = LoopChores(schedule: nil, now: .zero)
        chores.contentChanged(at: .zero)
        chores.contentReloaded()  // SIGHUP or `bannerd ctl reload` right after the sync job
        #expect(chores.step(at: .seconds(1), local: Self.local(.zero), hasDisplay: true).isEmpty)
    }

    @Test func withoutADisplayItLooksForOneEveryProbeIntervalAndNeverSpins() {
        var chores = LoopChores(schedule: nil, now: .zero)
        var probes: [Duration] = []
        var now = Duration.zero
        for _ in 0..<10 {
            if chores.step(at: now, local: Self.local(now), hasDisplay: false) == [.probeDisplay] { probes.append(now) }
            let next = chores.deadline(now: now, local: Self.local(now), hasDisplay: false)
            #expect(next.map { $0 > now } == true)
            now = next ?? now
        }
        #expect(probes == (1...9).map { LoopChores.probeInterval * $0 })
        // A udev event in between counts as a look: the next probe is an interval after it.
        chores.probed(at: now + .seconds(1))
        #expect(chores.deadline(now: now, local: Self.local(now), hasDisplay: false) == now + .seconds(4))
        #expect(chores.deadline(now: now, local: Self.local(now), hasDisplay: true) == nil)
    }

    @Test func theScheduleSwitchesThePowerOnceEachWayAndATouchLightsItForAWhile() throws {
        let on = try #require(ClockTime(hour: 7, minute: 0))
        let off = try #require(ClockTime(hour: 22, minute: 0))
        let hours = try #require(ScreenSchedule(start: on, end: off))
        let evening = Duration.seconds(21 * 3600 + 59 * 60)
        var chores = LoopChores(schedule: hours, now: evening)
        #expect(chores.step(at: evening, local: Self.local(evening), hasDisplay: true).isEmpty)
        let change = try #require(chores.deadline(now: evening, local: Self.local(evening), hasDisplay: true))
        #expect(change == .seconds(22 * 3600))
        #expect(
            chores.step(at: change, local: Self.local(change), hasDisplay: true) == [
                .powerState(.off), .setPower(lit: false),
            ])
        #expect(chores.step(at: change + .seconds(1), local: Self.local(change), hasDisplay: true).isEmpty)

        let touch = change + .seconds(600)
        let onlyWoke = chores.input(at: touch, local: Self.local(touch))
        #expect(onlyWoke)
        #expect(
            chores.step(at: touch, local: Self.local(touch), hasDisplay: true) == [
                .powerState(.woken), .setPower(lit: true),
            ])
        let swallowed = chores.input(at: touch + .seconds(10), local: Self.local(touch + .seconds(10)))
        #expect(!swallowed)  // lit now: the touch reaches the carousel
        let dark = touch + .seconds(10) + ScreenPower.defaultWakeDuration
        #expect(chores.deadline(now: touch + .seconds(10), local: Self.local(touch), hasDisplay: true) == dark)
        #expect(
            chores.step(at: dark, local: Self.local(dark), hasDisplay: true) == [
                .powerState(.off), .setPower(lit: false),
            ])

        // A display plugged in at night is lit by its modeset: switched off again at once, and only once.
        #expect(
            chores.displayConnected(at: dark + .seconds(5), local: Self.local(dark)) == [.setPower(lit: false)])
        #expect(!chores.lit)
        #expect(chores.step(at: dark + .seconds(6), local: Self.local(dark), hasDisplay: true).isEmpty)
        // In the hours, a display connected needs nothing more.
        let morning = Duration.seconds(7 * 86_400 + 8 * 3600)
        #expect(chores.step(at: morning, local: Self.local(morning), hasDisplay: false).contains(.setPower(lit: true)))
        #expect(chores.displayConnected(at: morning + .seconds(1), local: Self.local(morning)).isEmpty)
    }

    @Test func withoutAScheduleTheLocalTimeIsNeverRead() {
        var chores = LoopChores(schedule: nil, now: .zero)
        func unread() -> LocalTime {
            Issue.record("local time read without a schedule")
            return Self.local(.zero)
        }
        #expect(chores.step(at: .seconds(1), local: unread(), hasDisplay: true).isEmpty)
        #expect(chores.deadline(now: .seconds(1), local: unread(), hasDisplay: true) == nil)
        let swallowed = chores.input(at: .seconds(1), local: unread())
        #expect(!swallowed)
    }
}
