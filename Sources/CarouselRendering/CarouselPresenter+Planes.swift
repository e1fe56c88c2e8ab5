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

    /// Composes every frame from now on, the planes switched off from the next flip (their display goes, or this
    /// presenter leaves the screen): frames drawn ahead for them forgotten, the stream asked again without their
    /// memory (the worker opens the file anew).
    public func composeVideos() {
        guard let planes else { return }
        if let owner = planes.owner { playout.dropWaiting(of: owner) }
        endStreams()
        planes.display.overlays = []
        self.planes = nil
    }

    /// As `composeVideos`, for a presenter that stays on screen (the driver refused a frame with the planes): the
    /// frame they showed is drawn at once as a sprite for the primary plane (their memory read back: slow on a
    /// board, but once), so the composed path goes on from the same picture rather than the video's first.
    public func giveUpPlanes() {
        if let planes, let owner = planes.owner, let held = playout.shownFrame(of: owner), let layer = planes.layer,
            let drawn = held.flattened(layer: layer, for: target)
        {
            playout.redrawn(drawn)
        }
        composeVideos()
    }

    /// Why streamed banners are composed though planes were given: their memory could not be made; nil otherwise.
    public var videoPlanesFailure: String? { planes?.failure }

    /// Whether a streamed banner has the planes (what they show goes with every flip).
    public var videosOnPlanes: Bool { planes?.owner != nil }

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

    /// `banner` begins to play: it takes the planes if they are free, or from the banner holding them once that one's
    /// frame on screen leaves them.
    func takePlanes(for banner: Int) {
        guard let planes, planes.owner != banner, planes.failure == nil, banner < banners.count else { return }
        if let owner = planes.owner {
            guard heldFrameLeavesPlanes(owner) else { return }
            playout.dropWaiting(of: owner)
        }
        let taken: Bool
        switch rendering {
        case .inline(let renderer):
            guard let stream = inlineStream(banner, with: renderer) else { return }
            taken = planes.take(banner, layer: stream.writeLayer)
        case .worker:
            // The worker writes the layer before the first frame it decodes onto the planes.
            taken = planes.take(banner) { layerToWrite = $0 }
        }
        if taken {
            flattenAsked = nil  // the same frame held again later (a video handing over at its end) is asked anew
        } else if let failure = planes.failure {
            report(["video planes: \(failure); videos are composed"])
        }
    }

    /// Whether the banner `owner` holding the planes can give them up: it shows no frame on them, or the frame it holds
    /// there (a neighbour's ear) was drawn as a sprite for the primary plane (`DrawnFrame.flattened`): at once inline,
    /// else asked of the worker, the planes kept until it comes (`collect`).
    private func heldFrameLeavesPlanes(_ owner: Int) -> Bool {
        guard let held = playout.shownFrame(of: owner), case .plane = held.picture, let layer = planes?.layer else {
            return true
        }
        switch rendering {
        case .inline:
            if let drawn = held.flattened(layer: layer, for: target) { playout.redrawn(drawn) }
            return true
        case .worker(let worker):
            if flattenAsked.map({ $0 != (owner, held.frame) }) ?? true {
                worker.flatten(held, layer: layer, target: target, generation: workerGeneration)
                flattenAsked = (owner, held.frame)
            }
            return false
        }
    }

    /// The memory each of `frames` of `banner` is decoded into off the loop while the banner has the planes: what was
    /// lent for that frame before (`kept`), else a free picture; a frame left without is drawn as a sprite.
    func lendPlanes(for banner: Int, frames: [Int], kept: [Int: any PlaneMemory]?) -> [Int: any PlaneMemory] {
        guard let planes, planes.owner == banner else { return [:] }
        var lent: [Int: any PlaneMemory] = [:]
        for frame in frames {
            if let memory = kept?[frame] ?? planes.lend() { lent[frame] = memory }
        }
        return lent
    }
}
