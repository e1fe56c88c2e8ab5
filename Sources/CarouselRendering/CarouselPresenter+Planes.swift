import CarouselEngine
import DisplaySelection

/// A streamed banner played on the display's overlay planes (issue 45, `VideoOnPlanes`): the one playing takes them,
/// and keeps them while it holds a frame on screen (a slide) until another streamed banner plays.
extension CarouselPresenter {
    /// Plays streamed banners on `display`'s overlay planes `picture` (the frames) and `layer` (scrim, text and
    /// corners above them) from now on, as `VideoPlanes` chose them for the display turned as this presenter draws.
    public func playVideos(onPlanes picture: UInt32, layer: UInt32, of display: any OverlayScanout) {
        composeVideos()
        planes = VideoOnPlanes(
            display: display, picture: picture, layer: layer,
            banner: PixelSize(width: layout.bannerWidthPixels, height: layout.bannerHeightPixels),
            screen: PixelSize(width: layout.viewportWidthPixels, height: layout.viewportHeightPixels))
    }

    /// Composes every frame from now on, the planes switched off from the next flip (their display goes, or refused
    /// them).
    public func composeVideos() {
        planes?.display.overlays = []
        planes = nil
    }

    /// Why streamed banners are composed though planes were given: their memory could not be made; nil otherwise.
    public var videoPlanesFailure: String? { planes?.failure }

    /// Puts the frame the planes' banner shows at its place in `views` on the planes from the next flip on (before a
    /// panned window is flipped to: `place` does it for a frame drawn).
    public func placeOverlays(_ views: VisibleViews) {
        showOnPlanes(views)
    }

    /// As `placeOverlays`; whether what the planes show changed.
    @discardableResult
    func showOnPlanes(_ views: VisibleViews) -> Bool {
        guard let planes else { return false }
        let owner = planes.owner
        return planes.show(
            owner.flatMap { playout.shownFrame(of: $0) },
            at: owner.flatMap { owner in views.first { $0.banner == owner } })
    }

    /// `banner` begins to play: it takes the planes if they are free, or once the banner holding them holds a frame
    /// drawn for the primary plane.
    func takePlanes(for banner: Int) {
        guard let planes, planes.owner != banner, planes.failure == nil, banner < banners.count,
            case .inline(let renderer) = rendering
        else { return }
        if let owner = planes.owner {
            // The banner leaving the planes still shows its frame (a neighbour's ear): drawn again as a sprite.
            if let held = playout.shownFrame(of: owner), case .plane = held.picture,
                let stream = inlineStream(owner, with: renderer)
            {
                if let drawn = stream.frame(held.frame, renderer: renderer, target: target) { playout.redrawn(drawn) }
                report(stream.takeProblems())
            }
            playout.dropWaiting(of: owner)
        }
        guard let stream = inlineStream(banner, with: renderer) else { return }
        if !planes.take(banner, layer: stream.writeLayer), let failure = planes.failure {
            report(["video planes: \(failure); videos are composed"])
        }
    }
}
