import MonotonicTime
import Testing

@Suite struct PollTimeoutTests {
    @Test func roundsUpSoTheLoopNeverWakesBeforeItsDeadline() {
        let now = Duration.seconds(100)
        #expect(PollTimeout.milliseconds(until: nil, now: now) == -1)
        #expect(PollTimeout.milliseconds(until: now - .milliseconds(3), now: now) == 0)
        #expect(PollTimeout.milliseconds(until: now, now: now) == 0)
        #expect(PollTimeout.milliseconds(until: now + .nanoseconds(1), now: now) == 1)
        #expect(PollTimeout.milliseconds(until: now + .milliseconds(16), now: now) == 16)
        #expect(PollTimeout.milliseconds(until: now + .microseconds(16_667), now: now) == 17)
        #expect(PollTimeout.milliseconds(until: now + .seconds(2) + .microseconds(1), now: now) == 2001)
        #expect(PollTimeout.milliseconds(until: now + .seconds(86_400 * 365), now: now) == Int32.max)
    }
}
