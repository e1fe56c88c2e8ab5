import CarouselEngine
import FrameLoop
import Testing
import WallClock

/// Banners leaving and joining the carousel at their schedules' edges, in simulated time (1/60 s frames), the
/// carousel rebuilt on each change as `bannerd run` rebuilds it.
@Suite struct ScheduledBannersTests {
    /// A carousel of loaded banners some of which have schedules, and the wall clock (UTC, zone UTC) it runs by.
    struct Loop {
        var scheduled: ScheduledBanners
        var carousel: Carousel
        let layout: CarouselLayout
        /// Wall-clock seconds at monotonic zero.
        let epoch = 1_750_000_000
        var now: Duration = .zero
        /// The loaded banner centred at each frame.
        var centred: [Int?] = []
        /// Times the wall clock was read (a box: the read happens inside the step that mutates `scheduled`).
        final class Reads { var count = 0 }
        let reads = Reads()
        var clockReads: Int { reads.count }

        init(schedules: [BannerSchedule?], startIndex: Int, paused: Bool = false) throws {
            layout = try CarouselLayout(widthPixels: 800, heightPixels: 480, scale: 1)
            let timetable = BannerTimetable(count: schedules.count) { schedules[$0] }
            scheduled = ScheduledBanners(
                timetable: timetable, now: .zero, reading: ClockReading(utcSeconds: epoch, utcOffsetSeconds: 0))
            carousel = Carousel(layout: layout, count: scheduled.shown.count, startIndex: startIndex)
            carousel.autoplayPaused = paused
        }

        static func reading(_ reads: Reads, epoch: Int, now: Duration) -> ClockReading {
            reads.count += 1
            return ClockReading(utcSeconds: epoch + Int(now.components.seconds), utcOffsetSeconds: 0)
        }

        mutating func run(for duration: Duration) {
            let end = now + duration
            while now < end {
                now += .nanoseconds(16_666_667)
                carousel.advance(to: now)
                let (reads, epoch, time) = (self.reads, self.epoch, now)  // copies: the step mutates `scheduled`
                switch scheduled.step(
                    at: now, reading: Self.reading(reads, epoch: epoch, now: time), carousel: carousel)
                {
                case .hold(let banners, let centre):
                    // The same rest start: the centred banner keeps the time it has had.
                    var fresh = Carousel(
                        layout: layout, count: banners.count, startIndex: centre, time: carousel.restSince)
                    fresh.autoplayPaused = carousel.autoplayPaused
                    fresh.advance(to: now)
                    carousel = fresh
                case .slideAway:
                    carousel.show(banner: (carousel.index + 1) % carousel.count, at: now)
                case nil:
                    break
                }
                centred.append(carousel.count == 0 ? nil : scheduled.shown[carousel.index])
            }
        }
    }

    static func until(_ seconds: Int) -> BannerSchedule {
        BannerSchedule(end: .utc(seconds: 1_750_000_000 + seconds))
    }

    @Test func aCentredBannerLeavingFinishesItsTimeAndSlidesAway() throws {
        var loop = try Loop(schedules: [nil, Self.until(2), nil], startIndex: 1)
        loop.run(for: .seconds(3))
        // Its window closed at 2 s: the banner stays centred, and the carousel still holds it.
        #expect(loop.centred.last == 1 && loop.scheduled.shown == [0, 1, 2] && loop.scheduled.holdsLeavingBanner)
        loop.run(for: .seconds(4))
        // Autoplay took it away at 5 s, to the next active banner, and then let it go.
        let firstOther = try #require(loop.centred.firstIndex { $0 != 1 })
        #expect(firstOther >= 5 * 60 - 1 && firstOther <= 5 * 60 + 30)  // half-way through the slide
        #expect(loop.centred.last == 2 && loop.scheduled.shown == [0, 2] && loop.carousel.count == 2)
        #expect(Set(loop.centred.compactMap { $0 }) == [1, 2])  // never a jump to another banner
    }

    @Test func withAutoplayPausedItSlidesAwayAtOnce() throws {
        var loop = try Loop(schedules: [nil, Self.until(2), nil], startIndex: 1, paused: true)
        loop.run(for: .seconds(4))
        let firstOther = try #require(loop.centred.firstIndex { $0 != 1 })
        #expect(firstOther <= 2 * 60 + 30)  // within the slide's half-way after the edge
        #expect(loop.centred.last == 2 && loop.scheduled.shown == [0, 2])
    }

    @Test func aNeighbourLeavesAndAnotherJoinsWithoutMovingTheCentre() throws {
        let later = BannerSchedule(start: .utc(seconds: 1_750_000_000 + 3))
        var loop = try Loop(schedules: [Self.until(1), nil, later], startIndex: 0, paused: true)
        #expect(loop.scheduled.shown == [0, 1])
        loop.run(for: .seconds(10))
        // 0 left (slid away from the centre at once, autoplay being paused), 2 joined beside the centred 1.
        #expect(loop.scheduled.shown == [1, 2] && loop.centred.last == 1)
    }

    @Test func whenNoBannerRemainsTheLastFinishesItsTimeAndTheCarouselEmpties() throws {
        var loop = try Loop(schedules: [Self.until(1), Self.until(2)], startIndex: 0)
        loop.run(for: .seconds(4))
        // Banner 0 left at 1 s while centred, autoplay's interval (5 s) not over: still centred, 1 its neighbour.
        #expect(loop.centred.last == 0 && loop.scheduled.shown == [0])
        loop.run(for: .seconds(2))
        #expect(loop.carousel.count == 0 && loop.scheduled.shown.isEmpty && loop.centred.last == .some(nil))
        let emptied = try #require(loop.centred.firstIndex { $0 == nil })
        #expect(emptied >= 5 * 60 - 1 && emptied <= 5 * 60 + 1)
        #expect(loop.scheduled.deadline(carousel: loop.carousel).map { $0 > loop.now } == true)
    }

    @Test func theClockIsReadAtTheTimetablesLooksNotEveryFrame() throws {
        let daily = BannerSchedule(window: DailyWindow(start: ClockTime(hour: 6, minute: 0)!, end: .endOfDay))
        var loop = try Loop(schedules: [daily, nil], startIndex: 1, paused: true)
        loop.run(for: .seconds(600))
        // 36,000 frames; the clock read once a minute at most (the daylight-saving bound), plus the first look.
        #expect(loop.clockReads <= 11)
        #expect(loop.scheduled.timetable.recomputations <= 2)
        // Set by hand: looked at the next step.
        loop.scheduled.clockChanged()
        #expect(loop.scheduled.deadline(carousel: loop.carousel) == .zero)
    }

    @Test func withoutSchedulesNothingIsEverAsked() throws {
        var loop = try Loop(schedules: [nil, nil, nil], startIndex: 0)
        loop.run(for: .seconds(20))
        #expect(loop.clockReads == 0 && loop.scheduled.deadline(carousel: loop.carousel) == nil)
        #expect(loop.scheduled.shown == [0, 1, 2])
    }
}
