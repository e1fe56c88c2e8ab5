import CarouselEngine
import Testing

@Suite struct AnimationTimelineTests {
    static func ms(_ n: Int) -> Duration { .milliseconds(n) }

    /// 100, 50 and 250 ms: a play of 400 ms.
    static let uneven = AnimationTimeline(durations: [ms(100), ms(50), ms(250)], plays: nil)

    @Test func eachFrameShowsForItsOwnDuration() throws {
        let timeline = try #require(Self.uneven)
        let expected = [(0, 0), (99, 0), (100, 1), (149, 1), (150, 2), (399, 2), (400, 0), (550, 2), (1_000_150, 2)]
        for (at, frame) in expected {
            #expect(timeline.frame(at: Self.ms(at)) == frame, "at \(at) ms")
        }
        #expect(timeline.frame(at: .zero - Self.ms(5)) == 0)
        #expect(timeline.playLength == Self.ms(400) && timeline.frameCount == 3)
    }

    @Test func theNextChangeIsTheFrameBoundaryAfterNow() throws {
        let timeline = try #require(Self.uneven)
        #expect(timeline.nextChange(after: .zero) == Self.ms(100))
        #expect(timeline.nextChange(after: Self.ms(100)) == Self.ms(150))
        #expect(timeline.nextChange(after: Self.ms(399)) == Self.ms(400))
        #expect(timeline.nextChange(after: Self.ms(400)) == Self.ms(500))
        // Months in: still exact to the millisecond (90 days is 19,440,000 plays).
        let months = Duration.seconds(90 * 86_400)
        #expect(timeline.frame(at: months + Self.ms(120)) == 1)
        #expect(timeline.nextChange(after: months + Self.ms(120)) == months + Self.ms(150))
    }

    @Test func aFinitePlayEndsOnItsLastFrame() throws {
        let twice = try #require(AnimationTimeline(durations: [Self.ms(100), Self.ms(100)], plays: 2))
        #expect(twice.frame(at: Self.ms(350)) == 1)
        #expect(twice.nextChange(after: Self.ms(250)) == Self.ms(300))
        #expect(twice.nextChange(after: Self.ms(300)) == nil)
        #expect(twice.frame(at: Self.ms(400)) == 1 && twice.frame(at: .seconds(3600)) == 1)
        #expect(twice.nextChange(after: .seconds(3600)) == nil)
    }

    @Test func nothingMovingIsNoTimeline() {
        #expect(AnimationTimeline(durations: [Self.ms(100)], plays: nil) == nil)
        #expect(AnimationTimeline(durations: [Self.ms(100), Self.ms(100)], plays: 0) == nil)
        #expect(AnimationTimeline(durations: [Self.ms(100), .zero], plays: nil) == nil)
    }
}
