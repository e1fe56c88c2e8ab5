import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop

/// Reloaded content is prepared off screen (`StagedContent`): its banners around the centre are rendered by the
/// worker while the carousel goes on showing the old ones, then it takes over at rest.
extension MainLoop {
    /// New content, not on screen yet (`next`), with a carousel on the banner shown now; `swap` decides when.
    struct Staged {
        var swap: StagedContent
        let next: Showing
        var carousel: Carousel
    }

    /// Prepares `fresh` to replace what is shown; at once when nothing is on glass (no display, screen dark).
    func stage(_ fresh: BannerList, at now: Duration) {
        // The new presenter takes the worker over (work for the old banners is dropped): the old presenter keeps
        // the sprites it has, enough for the frames on screen until the swap.
        let next = Showing(fresh, now: now, reading: Self.clockReading()) { banners in
            CarouselPresenter(
                banners: banners, layout: scheduler.carousel.layout, rotation: presenter.composer.rotation,
                format: presenter.composer.format, background: settings.background, rendering: .worker(threads.worker))
        }
        let shown = scheduler.carousel
        let carousel = stagedCarousel(for: next.banners)
        staged = Staged(
            swap: StagedContent(since: now, showing: shown.index, restingSince: shown.restSince), next: next,
            carousel: carousel)
        next.presenter.focus(on: carousel)
        if StagedContent.takesOverAtOnce(hasDisplay: screen != nil, lit: chores.lit) { swapInStaged(at: now) }
    }

    /// Picks up the staged banners the worker finished (its wake-up), which renews the staging's patience.
    func collectStaged(at now: Duration) {
        guard let staged else { return }
        let presenter = staged.next.presenter
        let rendered = presenter.spriteGeneration
        _ = presenter.collect(visible: staged.carousel.visibleViews())
        if presenter.spriteGeneration != rendered { self.staged?.swap.bannersRendered(at: now) }
    }

    /// Swaps the staged content in when it is due; keeps its carousel on the banner shown meanwhile.
    func swapInStagedWhenDue(at now: Duration) {
        keepStagedCentred()
        guard let staged else { return }
        let ready = staged.next.presenter.isReady(around: staged.carousel)
        guard staged.swap.isDue(at: now, ready: ready, settled: scheduler.carousel.isSettled) else { return }
        swapInStaged(at: now)
    }

    /// Puts the staged content on screen now, resting on the banner shown (or the first) since the carousel came
    /// to rest, so a banner that stays keeps its time.
    func swapInStaged(at now: Duration) {
        guard let staged else { return }
        self.staged = nil
        take(staged.next, carousel: staged.carousel)
        sendStatus()
    }

    /// The staged carousel rests on the banner the screen shows, if the new content has it (the carousel may
    /// have moved since the update was staged); the worker renders the banners around it.
    private func keepStagedCentred() {
        guard var staged else { return }
        let shown = scheduler.carousel
        if staged.swap.follow(index: shown.index, since: shown.restSince) {
            staged.carousel = stagedCarousel(for: staged.next.banners)
            self.staged = staged
        }
        staged.next.presenter.focus(on: staged.carousel)
    }

    /// A carousel of `fresh` at rest on the banner shown now (the first when it is gone), since the carousel on
    /// screen came to rest.
    private func stagedCarousel(for fresh: BannerList) -> Carousel {
        let shown = scheduler.carousel
        let centre = shown.count > 0 ? banners[shown.index].id : nil
        return freshCarousel(
            layout: shown.layout, startIndex: fresh.firstIndex { $0.id == centre } ?? 0, time: shown.restSince,
            banners: fresh)
    }

    /// `next` on screen from now on, with `carousel`: one change, which proof of play sees as a new generation.
    func take(_ next: Showing, carousel: Carousel) {
        presenter.endStreams()
        showing.take(next)
        frames.replace(carousel)
        presenter.focus(on: scheduler.carousel)
    }
}
