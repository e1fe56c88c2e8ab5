import CarouselEngine

/// Reloaded content waiting off screen (`StagedContent` decides when it takes over): the world's banners, and a
/// carousel of them resting on the banner the screen shows.
public struct Staged<Banners> {
    /// When it was staged.
    public let since: Duration
    public var swap: StagedContent
    public let banners: Banners
    public var carousel: Carousel
}

/// Staging, the same in `MainLoop` and the tests' simulated world: a world says how its banners make a carousel,
/// how their rendering goes and what taking them on screen means (the hooks in `LoopWorld`); when is decided here.
extension LoopWorld {
    /// New content is staged: the schedules wait for it, and nothing is focused for the banners on screen.
    public var isStaging: Bool { staged != nil }

    /// Prepares `banners` to replace what is shown, on the banner shown now; at once when nothing is on glass (no
    /// display, screen dark).
    public func stage(_ banners: StagedBanners, at now: Duration) {
        let shown = frames.scheduler.carousel
        let staged = Staged(
            since: now, swap: StagedContent(since: now, showing: shown.index, restingSince: shown.restSince),
            banners: banners, carousel: carousel(of: banners, restingOn: shown))
        self.staged = staged
        _ = focusStaged(staged)
        if StagedContent.takesOverAtOnce(hasDisplay: scanout != nil, lit: chores.lit) { swapInStaged(at: now) }
    }

    /// Staged content takes over when it is due (after the frame: the carousel may have just come to rest). Until
    /// then its carousel rests on the banner the screen shows, remade only when that changes.
    public func swapInStagedWhenDue(at now: Duration) {
        guard var staged else { return }
        let shown = frames.scheduler.carousel
        if staged.swap.follow(index: shown.index, since: shown.restSince) {
            staged.carousel = carousel(of: staged.banners, restingOn: shown)
            self.staged = staged
        }
        let ready = focusStaged(staged)
        if staged.swap.isDue(at: now, ready: ready, settled: shown.isSettled) { swapInStaged(at: now) }
    }

    /// Puts the staged content on screen now (`take`), however far its rendering got.
    public func swapInStaged(at now: Duration) {
        guard let staged else { return }
        self.staged = nil
        take(staged, at: now)
    }
}
