import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop

/// Reloaded content is prepared off screen (`LoopWorld+Staging` decides when it takes over): its banners around
/// the centre are rendered by the worker while the carousel goes on showing the old ones, then it takes over at
/// rest. Here is what staging means for bannerd's banners: a presenter of their own, found by their ids.
extension OutputLoop {
    /// Prepares `fresh` to replace what is shown.
    func stage(_ fresh: BannerList, at now: Duration) {
        // The new presenter takes the worker over (work for the old banners is dropped): the old presenter keeps
        // the sprites it has, enough for the frames on screen until the swap.
        let next = Showing(fresh, now: now, reading: MainLoop.clockReading()) { banners in
            CarouselPresenter(
                banners: banners, layout: scheduler.carousel.layout, rotation: presenter.composer.rotation,
                format: presenter.composer.format, background: settings.background, rendering: .worker(threads.worker))
        }
        stage(next, at: now)
    }

    /// Picks up the staged banners the worker finished (its wake-up), which renews the staging's patience.
    func collectStaged(at now: Duration) {
        guard let staged else { return }
        let presenter = staged.banners.presenter
        let rendered = presenter.spriteGeneration
        _ = presenter.collect(visible: staged.carousel.visibleViews())
        if presenter.spriteGeneration != rendered { self.staged?.swap.bannersRendered(at: now) }
    }

    /// The banner `shown` rests on is looked for by its id in the new content.
    func carousel(of next: Showing, restingOn shown: Carousel) -> Carousel {
        let centre = shown.count > 0 ? banners[shown.index].id : nil
        return freshCarousel(
            layout: shown.layout, startIndex: next.banners.firstIndex { $0.id == centre } ?? 0, time: shown.restSince,
            banners: next.banners)
    }

    func focusStaged(_ staged: Staged<Showing>) -> Bool {
        staged.banners.presenter.focus(on: staged.carousel)
        return staged.banners.presenter.isReady(around: staged.carousel)
    }

    func take(_ staged: Staged<Showing>, at now: Duration) {
        take(staged.banners, carousel: staged.carousel)
        loop.sendStatus()
    }

    /// `next` on screen from now on, with `carousel`: one change, which proof of play sees as a new generation.
    func take(_ next: Showing, carousel: Carousel) {
        presenter.endStreams()
        presenter.composeVideos()
        showing.take(next)
        giveVideoPlanes()
        frames.replace(carousel)
        presenter.focus(on: scheduler.carousel)
    }
}
