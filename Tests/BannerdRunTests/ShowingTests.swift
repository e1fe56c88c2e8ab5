import BannerContent
import CarouselEngine
import CarouselRendering
import Testing
import WallClock

@testable import bannerd

/// What is on screen as one value (`Showing`): changed whole, each change a new generation.
@Suite struct ShowingTests {
    static let loaded: BannerList = [
        Banner(id: "a", duration: .seconds(7)), Banner(id: "b"), Banner(id: "c", duration: .seconds(11)),
    ]

    static func showing(_ loaded: BannerList = loaded) throws -> (Showing, CarouselLayout) {
        let layout = try CarouselLayout(widthPixels: 320, heightPixels: 200, scale: 1)
        let renderer = try ContentOptions.makeRenderer(fonts: .debian, logProblems: false)
        let showing = Showing(loaded, now: .zero, reading: ClockReading(utcSeconds: 0, utcOffsetSeconds: 0)) {
            CarouselPresenter(
                banners: $0, layout: layout, rotation: .none, background: .black, rendering: .inline(renderer))
        }
        return (showing, layout)
    }

    @Test func aScheduleEdgeHoldsTheBannersAllowedAsANewGeneration() throws {
        let (first, layout) = try Self.showing()
        var showing = first
        #expect(showing.banners.map(\.id) == ["a", "b", "c"] && showing.generation == 0)
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = .seconds(5)
        var carousel = showing.banners.carousel(layout: layout, metrics: metrics, startIndex: 2, time: .seconds(40))
        carousel.autoplayPaused = true
        // "b" closes: the carousel holds "a" and "c", still on "c", which keeps the time it has had on screen.
        let held = showing.hold([0, 2], centre: 1, after: carousel, before: [0, 1, 2], wallOffset: nil)
        #expect(showing.banners.map(\.id) == ["a", "c"] && showing.presenter.banners.map(\.id) == ["a", "c"])
        #expect(showing.loaded.count == 3 && showing.generation == 1)
        #expect(held.count == 2 && held.index == 1 && held.restSince == .seconds(40) && held.autoplayPaused)
        // Each banner's own duration follows it to its new place; the configuration's interval stands in.
        #expect(held.autoplayInterval(for: 1) == .seconds(11) && held.autoplayInterval(for: 0) == .seconds(7))
        let fresh = showing.banners.carousel(layout: layout, metrics: metrics)
        #expect(fresh.autoplayInterval(for: 1) == .seconds(11) && !fresh.autoplayPaused)
    }

    /// On the wall clock's timeline, a schedule that left one banner (no timeline of its own) and opens again puts
    /// the carousel back on the timeline, on the banner it shows.
    @Test func aHoldAfterALoneBannerIsOnTheWallClockAgain() throws {
        let (first, layout) = try Self.showing()
        var showing = first
        let lone = showing.hold(
            [0], centre: 0, after: showing.banners.carousel(layout: layout, metrics: .init()),
            before: [0, 1, 2], wallOffset: .seconds(1000))
        #expect(lone.count == 1 && lone.wallClock == nil)
        let held = showing.hold([0, 1, 2], centre: 0, after: lone, before: [0], wallOffset: .seconds(1000))
        #expect(held.index == 0 && held.wallClock?.offset == .seconds(1000))
    }

    @Test func newContentOrANewPresenterTakesOverAsOneChange() throws {
        let (first, layout) = try Self.showing()
        var showing = first
        let (next, _) = try Self.showing([Banner(id: "z")])
        showing.take(next)
        #expect(showing.banners.map(\.id) == ["z"] && showing.loaded.map(\.id) == ["z"] && showing.generation == 1)
        // A display of another size: the same banners and schedules, another presenter.
        let presenter = CarouselPresenter(
            banners: showing.banners, layout: layout, rotation: .clockwise90, background: .black,
            rendering: .inline(try ContentOptions.makeRenderer(fonts: .debian, logProblems: false)))
        showing.take(showing.presented(by: presenter))
        #expect(showing.presenter === presenter && showing.loaded.map(\.id) == ["z"] && showing.generation == 2)
    }
}
