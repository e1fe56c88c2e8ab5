import BannerContent
import CarouselEngine
import CarouselRendering
import FrameLoop

/// Reloaded content is prepared off screen (`StagedContent`): its banners around the centre are rendered by the
/// worker while the carousel goes on showing the old ones, then it takes over at rest.
extension MainLoop {
    /// New content, not on screen yet: its banners, schedules, presenter, and a carousel on the banner shown now.
    struct Staged {
        var swap: StagedContent
        var loaded: BannerList
        var scheduled: ScheduledBanners
        var banners: BannerList
        var presenter: CarouselPresenter
        var carousel: Carousel
        /// The index and rest of the carousel on screen that `carousel` was made for: while they hold, the
        /// banner list is not searched again (a frame must not walk 10,000 banners).
        var shownIndex: Int
        var shownSince: Duration
    }

    /// Prepares `fresh` to replace what is shown; at once when nothing is on glass (no display, screen dark).
    func stage(_ fresh: BannerList, at now: Duration) {
        let (freshSchedule, freshBanners) = Self.schedule(fresh, now: now)
        // The new presenter takes the worker over (work for the old banners is dropped): the old presenter keeps
        // the sprites it has, enough for the frames on screen until the swap.
        let freshPresenter = CarouselPresenter(
            banners: freshBanners, layout: scheduler.carousel.layout, rotation: presenter.composer.rotation,
            format: presenter.composer.format, background: settings.background, rendering: .worker(worker))
        let showing = scheduler.carousel
        let carousel = stagedCarousel(for: freshBanners)
        staged = Staged(
            swap: StagedContent(since: now), loaded: fresh, scheduled: freshSchedule, banners: freshBanners,
            presenter: freshPresenter, carousel: carousel, shownIndex: showing.index, shownSince: showing.restSince)
        freshPresenter.focus(on: carousel)
        if screen == nil || !chores.lit { swapInStaged(at: now) }
    }

    /// Picks up the staged banners the worker finished (its wake-up), which renews the staging's patience; true
    /// when staging.
    func collectStaged(at now: Duration) -> Bool {
        guard let staged else { return false }
        let rendered = staged.presenter.spriteGeneration
        _ = staged.presenter.collect(visible: staged.carousel.visibleViews())
        if staged.presenter.spriteGeneration != rendered { self.staged?.swap.bannersRendered(at: now) }
        return true
    }

    /// Swaps the staged content in when it is due; keeps its carousel on the banner shown meanwhile.
    func swapInStagedWhenDue(at now: Duration) {
        keepStagedCentred()
        guard let staged else { return }
        let ready = staged.presenter.isReady(around: staged.carousel)
        guard staged.swap.isDue(at: now, ready: ready, settled: scheduler.carousel.isSettled) else { return }
        swapInStaged(at: now)
    }

    /// Puts the staged content on screen now, resting on the banner shown (or the first) since the carousel came
    /// to rest, so a banner that stays keeps its time.
    func swapInStaged(at now: Duration) {
        guard let staged else { return }
        self.staged = nil
        loaded = staged.loaded
        scheduled = staged.scheduled
        banners = staged.banners
        glassSeen = .stale
        presenter = staged.presenter
        frames.replace(staged.carousel)
        presenter.focus(on: scheduler.carousel)
        sendStatus()
    }

    /// The staged carousel rests on the banner the screen shows, if the new content has it (the carousel may
    /// have moved since the update was staged); the worker renders the banners around it.
    private func keepStagedCentred() {
        guard var staged else { return }
        let showing = scheduler.carousel
        if showing.index != staged.shownIndex || showing.restSince != staged.shownSince {
            staged.carousel = stagedCarousel(for: staged.banners)
            (staged.shownIndex, staged.shownSince) = (showing.index, showing.restSince)
            self.staged = staged
        }
        staged.presenter.focus(on: staged.carousel)
    }

    /// A carousel of `fresh` at rest on the banner shown now (the first when it is gone), since the carousel on
    /// screen came to rest.
    private func stagedCarousel(for fresh: BannerList) -> Carousel {
        let showing = scheduler.carousel
        let centre = showing.count > 0 ? banners[showing.index].id : nil
        return freshCarousel(
            layout: showing.layout, startIndex: fresh.firstIndex { $0.id == centre } ?? 0, time: showing.restSince,
            banners: fresh)
    }
}
