/// What the carousel is doing, as shown in traces and status reports.
public enum CarouselPhase: String, Sendable {
    /// Nothing moves and no finger drives it.
    case rest
    /// A contact is down and drives (or may start to drive) the carousel.
    case drag
    /// Settling on a page after a release, a tap on a neighbour or a key.
    case snap
    /// Advancing on its own after the autoplay interval.
    case autoplay
}

/// Something the user asked for that the application acts on.
public enum CarouselAction: Equatable, Sendable {
    /// A tap on the centre banner, or Enter: run the banner's action.
    case activated(banner: Int)
    /// A tap on a neighbour's visible edge; the carousel moves to that banner.
    case tappedNeighbour(banner: Int)
}
