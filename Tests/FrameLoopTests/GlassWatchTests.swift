import FrameLoop
import ProofOfPlay
import Testing

/// The banner on glass as proof of play sees it (`GlassWatch`).
@Suite struct GlassWatchTests {
    static func look(
        _ watch: inout GlassWatch, index: Int? = 0, settled: Bool = true, onGlass: Bool = true, generation: Int = 0,
        autoplayMoves: Int = 0, rendered: Bool = true
    ) -> (seen: GlassSeen, cause: PlayCause)? {
        watch.look(
            glass: index.map { GlassPicture(index: $0, settled: settled) }, onGlass: onGlass, count: 3,
            generation: generation, autoplayMoves: autoplayMoves, isRendered: { _ in rendered })
    }

    @Test func aLookThatChangedNothingReportsNothing() {
        var watch = GlassWatch()
        let first = Self.look(&watch)
        #expect(first?.seen == .banner(index: 0, of: 0, centred: true, placeholder: false) && first?.cause == .start)
        #expect(Self.look(&watch) == nil)
        // Rendered at last: the same banner, now without its placeholder, is another look.
        var loading = GlassWatch()
        _ = Self.look(&loading, rendered: false)
        #expect(Self.look(&loading)?.seen == .banner(index: 0, of: 0, centred: true, placeholder: false))
    }

    @Test func theSameIndexInAnotherGenerationIsAnotherBanner() {
        var watch = GlassWatch()
        _ = Self.look(&watch)
        watch.moved(by: .reload)
        let reloaded = Self.look(&watch, generation: 1)
        #expect(reloaded?.seen == .banner(index: 0, of: 1, centred: true, placeholder: false))
        #expect(reloaded?.cause == .reload)
    }

    @Test func autoplaysMovesAndSomeonesMovesNameTheirCause() {
        var watch = GlassWatch()
        _ = Self.look(&watch)
        #expect(Self.look(&watch, index: 1, autoplayMoves: 1)?.cause == .autoplay)
        watch.moved(by: .touch)
        #expect(Self.look(&watch, index: 2, autoplayMoves: 1)?.cause == .touch)
        // Fewer autoplay moves than before is a new carousel: moved by what replaced it, not by autoplay.
        watch.moved(by: .schedule)
        #expect(Self.look(&watch, index: 1, autoplayMoves: 0)?.cause == .schedule)
    }

    @Test func afterADarkScreenTheNextBannerStartsANewShowing() {
        var watch = GlassWatch()
        _ = Self.look(&watch)
        watch.moved(by: .touch)
        let dark = Self.look(&watch, onGlass: false)
        #expect(dark?.seen == .dark(of: 0) && dark?.cause == .touch)
        #expect(Self.look(&watch, onGlass: false) == nil)
        #expect(Self.look(&watch, index: 1)?.cause == .start)
        #expect(Self.look(&watch, index: nil)?.seen == .dark(of: 0))
    }

    /// Content reloaded overnight while the screen is dark: the morning's first banner is a new start, not the
    /// reload's doing.
    @Test func aChangeWhileDarkIsLookedAtAndStartsAfresh() {
        var watch = GlassWatch()
        _ = Self.look(&watch, onGlass: false)
        watch.moved(by: .reload)
        let reloaded = Self.look(&watch, onGlass: false, generation: 1)
        #expect(reloaded?.seen == .dark(of: 1) && reloaded?.cause == .reload)
        #expect(Self.look(&watch, generation: 1)?.cause == .start)
    }
}
