import FrameLoopTesting
import ProofOfPlay
import Testing
import WallClock

/// The tracker in simulated time: what a record says, and what never becomes one.
@Suite struct PlayTrackerTests {
    /// 2026-11-25 10:00:00 in Berlin (CET, +01:00): 09:00 UTC.
    static let morning = ClockReading(utcSeconds: 1_795_597_200, utcOffsetSeconds: 3600)

    /// A tracker driven on a simulated clock: monotonic seconds and the wall clock move together.
    struct Screen {
        var tracker = PlayTracker()
        var now = Duration.zero
        var records: [PlayRecord] = []
        /// Showings as the metrics count them, when they begin.
        var began: [String] = []
        var placeholderRests = 0

        mutating func show(
            _ id: String?, centred: Bool = false, placeholder: Bool = false, cause: PlayCause = .autoplay,
            after seconds: Double
        ) {
            now += .milliseconds(Int(seconds * 1000))
            let glass = id.map {
                PlayTracker.Glass(bannerID: $0, image: "/c/\($0).png", centred: centred, placeholder: placeholder)
            }
            let reading = clock
            let change = tracker.show(glass, cause: cause, at: now, clock: reading)
            if let record = change.ended { records.append(record) }
            if let id = change.began { began.append(id) }
            if change.placeholderAtRest { placeholderRests += 1 }
        }

        var clock: ClockReading {
            var reading = morning.advanced(bySeconds: Int(now.components.seconds))
            reading.milliseconds = Int(now.components.attoseconds / 1_000_000_000_000_000)
            return reading
        }
    }

    @Test func aBannerThatStoodCentredIsOneRecordWithItsTimesAndCause() {
        var screen = Screen()
        screen.show("a", centred: false, cause: .start, after: 0)
        screen.show("a", centred: true, after: 0.5)  // the slide in ends
        screen.show("a", centred: false, after: 5)  // autoplay starts to move it
        screen.show("b", centred: false, cause: .autoplay, after: 0.25)  // b is nearer the centre
        #expect(screen.records.count == 1)
        let record = screen.records[0]
        #expect(record.bannerID == "a")
        #expect(record.image == "/c/a.png")
        #expect(record.centredSeconds == 5)
        #expect(record.cause == .start)
        #expect(record.start.rfc3339 == "2026-11-25T10:00:00.000+01:00")
        #expect(record.end.rfc3339 == "2026-11-25T10:00:05.750+01:00")
        #expect(
            record.jsonLine
                == #"{"banner":"a","image":"/c/a.png","start":"2026-11-25T10:00:00.000+01:00","end":"2026-11-25T10:00:05.750+01:00","centred_s":5.0,"cause":"start"}"#
                + "\n")
        var onAnOutput = record
        onAnOutput.output = "HDMI-A-2"
        #expect(onAnOutput.jsonLine.hasSuffix(#""cause":"start","output":"HDMI-A-2"}"# + "\n"))
    }

    @Test func aBannerThatOnlyPassedThroughTheCentreLeavesNoRecord() {
        var screen = Screen()
        screen.show("a", centred: true, cause: .start, after: 0)
        screen.show("a", after: 2)
        for id in ["b", "c", "d"] { screen.show(id, cause: .touch, after: 0.1) }  // a flick across three
        screen.show("e", centred: true, cause: .touch, after: 0.1)
        screen.show("e", after: 3)
        screen.show("f", after: 0.2)
        #expect(screen.records.map(\.bannerID) == ["a", "e"])
        #expect(screen.records.map(\.cause) == [.start, .touch])
        #expect(screen.records.map(\.centredSeconds) == [2, 3])
    }

    @Test func nothingCountsWhileTheScreenIsDarkOrGone() {
        var screen = Screen()
        screen.show("a", centred: true, cause: .start, after: 0)
        screen.show(nil, after: 4)  // the schedule turns the screen off, or the display goes away
        screen.show(nil, after: 3600)
        screen.show("a", centred: true, cause: .start, after: 0)  // lit again: the same banner, a new showing
        screen.show("b", cause: .control, after: 6)
        #expect(screen.records.map(\.centredSeconds) == [4, 6])
        #expect(screen.records.map(\.cause) == [.start, .start])
        #expect(screen.records[1].start.utcSeconds - screen.records[0].end.utcSeconds == 3600)
    }

    @Test func aPlaceholderInTheCentreDoesNotCountButTheShowingGoesOn() {
        var screen = Screen()
        screen.show("a", centred: true, cause: .start, after: 0)
        // Autoplay brings b, not rendered yet: its placeholder slides in and rests 2 s before b itself shows.
        screen.show("b", placeholder: true, cause: .autoplay, after: 5)
        screen.show("b", centred: true, placeholder: true, cause: .start, after: 0.5)
        screen.show("b", centred: true, cause: .start, after: 2)
        screen.show("b", centred: true, placeholder: true, cause: .reload, after: 1)  // reloaded: rendered anew
        screen.show("b", centred: true, cause: .reload, after: 0.5)
        screen.show("c", placeholder: true, cause: .touch, after: 1)  // c passes as a placeholder only
        screen.show("d", centred: true, cause: .touch, after: 0.2)
        screen.show("e", after: 1)
        #expect(screen.records.map(\.bannerID) == ["a", "b", "d"])
        #expect(screen.began == ["a", "b", "d"])
        #expect(screen.placeholderRests == 1)  // b's placeholder rested, once in its play
        #expect(screen.records.map(\.cause) == [.start, .autoplay, .touch])
        #expect(screen.records.map(\.centredSeconds) == [5, 2, 1])
        // b's showing starts when b itself is first on glass, 2.5 s after its placeholder came in.
        #expect(screen.records[1].start.utcSeconds == Self.morning.utcSeconds + 7)
    }

    @Test func aBannerCentredSeveralTimesInOneShowingAddsItsRests() {
        var screen = Screen()
        screen.show("a", centred: true, cause: .start, after: 0)
        screen.show("a", centred: false, after: 2)  // dragged a little, let go
        screen.show("a", centred: true, after: 0.5)  // snapped back
        screen.show("b", after: 3)
        #expect(screen.records.map(\.centredSeconds) == [5])
    }

    /// The metrics count a showing when it begins, the record is written when it ends: over any sequence of what
    /// the screen shows, they name the same banners in the same order.
    @Test(arguments: 0..<20) func everyShowingCountedIsOneRecord(seed: UInt64) {
        var random = SeededRandom(seed: seed)
        var screen = Screen()
        for _ in 0..<200 {
            let id = ["a", "b", "c", nil][Int(random.next() % 4)]
            screen.show(
                id, centred: random.next() % 2 == 0, placeholder: random.next() % 4 == 0, cause: .autoplay,
                after: Double(random.next() % 3) * 0.5)
        }
        let (now, reading) = (screen.now, screen.clock)
        if let last = screen.tracker.finish(at: now, clock: reading) { screen.records.append(last) }
        #expect(!screen.began.isEmpty)
        #expect(screen.records.map(\.bannerID) == screen.began)
    }

    @Test func stoppingEndsThePlayOnScreenAndTodaysCountsFollowTheLocalDay() {
        var screen = Screen()
        screen.show("a", centred: true, cause: .start, after: 0)
        screen.show("b", centred: true, after: 10)
        screen.now += .seconds(4)
        let reading = screen.clock
        let last = screen.tracker.finish(at: screen.now, clock: reading)
        #expect(last?.bannerID == "b")
        #expect(last?.centredSeconds == 4)
        #expect(screen.tracker.finish(at: screen.now, clock: reading) == nil)
        let today = Self.morning.localDay
        #expect(screen.tracker.counts(today: today) == PlayTracker.DayCounts(day: today, plays: 2, centredSeconds: 14))
        #expect(screen.tracker.counts(today: today + 1) == PlayTracker.DayCounts(day: today + 1))
    }

    @Test func timesCarryMillisecondsAndTheZonesOffsetEitherSideOfUTC() {
        #expect(
            ClockReading(utcSeconds: 0, utcOffsetSeconds: -5 * 3600 - 1800).rfc3339 == "1969-12-31T18:30:00.000-05:30")
        #expect(
            ClockReading(utcSeconds: 86_399, utcOffsetSeconds: 0, milliseconds: 7).rfc3339
                == "1970-01-01T23:59:59.007+00:00")
    }
}
