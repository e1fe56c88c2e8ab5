import Testing

@testable import CarouselEngine

@Suite struct AnimationPlaybackTests {
    static func ms(_ n: Int) -> Duration { .milliseconds(n) }
    /// Four frames of 100 ms, for ever.
    static let fourFrames = AnimationTimeline(durations: Array(repeating: ms(100), count: 4), plays: nil)

    /// A playback of the banners `animated` names, each playing `fourFrames`. (A class: `#expect` cannot call a
    /// mutating method.)
    final class Player {
        var playback = AnimationPlayback()
        let animated: Set<Int>

        init(animated: Set<Int>) { self.animated = animated }

        /// Advances to `time` with `banners` on screen, left to right, and `playing` the one playing; returns whether
        /// a frame changed.
        func at(_ time: Duration, _ banners: [Int], playing: Int?) -> Bool {
            var views = VisibleViews()
            let placed = banners.enumerated().map {
                ViewPlacement(view: $0.offset, role: .center, banner: $0.element, page: $0.element, x: 0, y: 0)
            }
            if placed.count > 0 { views.left = placed[0] }
            if placed.count > 1 { views.center = placed[1] }
            if placed.count > 2 { views.right = placed[2] }
            let animated = self.animated
            return playback.advance(views, playing: playing, at: time) { animated.contains($0) ? fourFrames : nil }
        }
    }

    @Test func anAnimationPlaysFromItsFirstFrameWhenItsBannerComesToTheCentre() {
        let player = Player(animated: [1])
        // Banner 1 is on screen as a neighbour for a second: it shows its first frame and asks for no wake-up.
        #expect(!player.at(.seconds(10), [0, 1], playing: 0))
        #expect(!player.at(.seconds(11), [0, 1], playing: 0))
        #expect(player.playback.frame(of: 1) == 0 && player.playback.nextChange == nil && !player.playback.isMoving)
        // Centred at 12 s: it begins then.
        #expect(!player.at(.seconds(12), [0, 1], playing: 1))
        #expect(player.playback.nextChange == .seconds(12) + Self.ms(100) && player.playback.isMoving)
        #expect(player.at(.seconds(12) + Self.ms(250), [0, 1], playing: 1))
        #expect(player.playback.frame(of: 1) == 2 && player.playback.nextChange == .seconds(12) + Self.ms(300))
        // A late wake-up shows the frame of its time, not the one after the last.
        #expect(player.at(.seconds(12) + Self.ms(730), [0, 1], playing: 1))
        #expect(player.playback.frame(of: 1) == 3)
    }

    @Test func aBannerLeavingTheCentreHoldsItsFrameUntilItIsOffScreen() {
        let player = Player(animated: [5])
        _ = player.at(.zero, [4, 5, 6], playing: 5)
        _ = player.at(Self.ms(150), [4, 5, 6], playing: 5)
        #expect(player.playback.frame(of: 5) == 1)
        // Half-way through a slide to banner 6, at 260 ms in: banner 5 shows frame 2, due at 200 ms, and holds it
        // however long the slide takes.
        #expect(player.at(Self.ms(260), [5, 6], playing: 6))
        #expect(!player.at(Self.ms(900), [5, 6], playing: 6))
        #expect(player.playback.frame(of: 5) == 2 && player.playback.nextChange == nil)
        // Dragged back before it left: it goes on from 260 ms in.
        #expect(!player.at(Self.ms(1000), [4, 5, 6], playing: 5))
        #expect(player.playback.frame(of: 5) == 2 && player.playback.nextChange == Self.ms(1040))
        // Off screen, then back: from its first frame again.
        _ = player.at(Self.ms(2000), [6, 7], playing: 7)
        _ = player.at(Self.ms(3000), [4, 5, 6], playing: 5)
        #expect(player.playback.frame(of: 5) == 0 && player.playback.nextChange == Self.ms(3100))
    }

    @Test func newIndicesCarryTheFrameAndGoneBannersAreForgotten() {
        let player = Player(animated: [0, 2, 3])
        _ = player.at(.zero, [2, 3], playing: 3)
        _ = player.at(Self.ms(220), [2, 3], playing: 3)
        player.playback.renumber { $0 == 3 ? 0 : nil }
        #expect(player.playback.frame(of: 0) == 2 && player.playback.frame(of: 3) == 0)
        #expect(player.playback.nextChange == Self.ms(300))
    }
}
