import ProofOfPlay

/// What the proof of play last saw on glass.
/// Each look names the generation of the banners it was taken with (`Showing.generation` in bannerd): after a
/// reload or a schedule's edge the same index, or the same dark screen, is another look, as it may name another
/// banner (and a dark screen then starts the next showing afresh).
public enum GlassSeen: Equatable, Sendable {
    /// The screen shows no banner: dark, no display, no banners.
    case dark(of: Int)
    /// The banner at `index` of the banners of generation `of` is nearest the centre.
    case banner(index: Int, of: Int, centred: Bool, placeholder: Bool)
}

/// The banner on glass as proof of play sees it, and what brought it there: looked at after every step, it reports
/// a change only when the picture on glass changed (most frames of a slide change nothing it compares).
public struct GlassWatch: Sendable {
    public private(set) var seen = GlassSeen.dark(of: 0)
    /// How the carousel was last moved: by someone (touch, key, control, schedule, reload), or by autoplay.
    public private(set) var cause = PlayCause.start
    /// `Carousel.autoplayMoves` when last looked at.
    private var autoplayMovesSeen = 0

    public init() {}

    /// Someone moved the carousel (or replaced what it shows): the next banner on glass came by `cause`.
    public mutating func moved(by cause: PlayCause) {
        self.cause = cause
    }

    /// Looks at glass after a step: `glass` is the frame on glass (`FrameScheduler.glass`), `onGlass` whether the
    /// screen is lit and connected, `count` how many banners generation `generation` holds, `autoplayMoves` the
    /// carousel's count of autoplay's moves. Returns the new look and its cause when it changed, nil otherwise.
    public mutating func look(
        glass: GlassPicture?, onGlass: Bool, count: Int, generation: Int, autoplayMoves: Int,
        isRendered: (Int) -> Bool
    ) -> (seen: GlassSeen, cause: PlayCause)? {
        // Autoplay moved it since the last look (a whole slide may have passed between two steps of a stalled
        // loop); fewer moves than before is a new carousel (a reload), moved by what replaced it.
        if autoplayMoves > autoplayMovesSeen { cause = .autoplay }
        autoplayMovesSeen = autoplayMoves
        var now = GlassSeen.dark(of: generation)
        if onGlass, let glass, glass.index < count {
            now = .banner(
                index: glass.index, of: generation, centred: glass.settled, placeholder: !isRendered(glass.index))
        }
        guard now != seen else { return nil }
        seen = now
        let reported = cause
        if !onGlass { cause = .start }  // the next banner on glass starts a new showing
        return (now, reported)
    }
}
