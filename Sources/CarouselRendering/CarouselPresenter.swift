import BannerContent
import CarouselEngine
import DisplaySelection
import FrameLoop
import Raster

/// Turns the engine's visible views into frames: keeps the banners around the current page pre-rendered
/// (ahead of need, so a recycler swap never waits) and composes each frame from them.
///
/// Memory holds `SpriteCache.capacity` pre-rendered banners whatever the number of banners. A banner not
/// ready yet is drawn as a neutral placeholder and counted, so benchmarks can show there are none.
public final class CarouselPresenter {
    /// Where pre-rendering happens.
    public enum Rendering {
        /// Off the loop (the appliance's worker threads): the loop never waits.
        case worker(any BannerPrerenderer)
        /// On the caller's thread, on demand (headless previews and tests: deterministic).
        case inline(BannerRenderer)
    }

    public let layout: CarouselLayout
    public let composer: FrameComposer
    public let background: Color
    public private(set) var banners: BannerList
    /// Placeholder draws so far (a banner on screen before it was ready).
    public private(set) var placeholdersDrawn = 0
    /// Placeholders in the last frame drawn: 0 once every banner on screen is shown as itself.
    public private(set) var placeholdersOnScreen = 0
    /// Counts changes to the rendered banners (one rendered, the list replaced): what was looked up before a
    /// change may be stale after it.
    public private(set) var spriteGeneration = 0
    let rendering: Rendering
    /// The worker's generation for these banners: what this presenter collects (`BannerPrerenderer.reset`).
    var workerGeneration = 0
    let target: PrerenderTarget
    private var cache: SpriteCache
    private var inFlight: [Int] = []
    /// The banners `focus` last kept ready around the carousel: never evicted for another.
    private var window: [Int] = []
    private var problems: [String] = []
    private var reported: Set<String> = []
    private let placeholder: Sprite
    private var placements: [Placement] = []
    /// The frames the animations on screen show.
    private var playback = AnimationPlayback()
    /// The frames of streamed animations on screen; the frames last asked of the worker, for which frame due; and
    /// whether frames came since (what to ask is worked out again only then, so a step allocates nothing).
    var playout = StreamPlayout()
    private var streamAsked: (banner: Int, due: Int, frames: [Int], planes: [Int: any PlaneMemory])?
    private var streamArrived = false
    /// Inline rendering's open animations (the worker keeps its own).
    private var inlineStreams: [StreamDrawer] = []
    /// What each display buffer holds, for `drawChanges`.
    private var drawn = DrawnBuffers()
    /// `placements` moved to a damaged rectangle's origin (`drawChanges`), kept to allocate nothing per frame.
    private var shifted: [Placement] = []
    /// The sprites on screen before `advanceAnimations`, kept to allocate nothing per step.
    private var spritesBefore: [Sprite?] = []
    /// The overlay planes a streamed banner plays on (issue 45); nil: its frames are composed.
    var planes: VideoOnPlanes?
    /// The layer memory of the banner that took the planes, for the worker to write with its next frames.
    var layerToWrite: (any PlaneMemory)?
    /// The frame held on the planes asked of the worker as a sprite (`flatten`), for the banner giving them up.
    var flattenAsked: (banner: Int, frame: Int)?

    /// Pre-renders banners of `layout`'s banner size with `rotation`, drawing them over `background`.
    /// Sprites are stored in the display's `format` and flattened over `background`, so composing copies them
    /// without converting or blending.
    /// An animated banner keeps `animationBudget` bytes of frames; a longer animation is drawn as it plays.
    public init(
        banners: BannerList, layout: CarouselLayout, rotation: Rotation, format: PixelFormat = .xrgb8888,
        background: Color, rendering: Rendering, animationBudget: Int = AnimationBudget.bytesPerBanner
    ) {
        self.banners = banners
        self.layout = layout
        self.background = background
        self.rendering = rendering
        self.composer = FrameComposer(rotation: rotation, format: format)
        self.target = PrerenderTarget(
            width: layout.bannerWidthPixels, height: layout.bannerHeightPixels, scale: layout.scale,
            cornerRadius: layout.cornerRadiusPixels, rotation: rotation, format: format, background: background,
            animationBudget: animationBudget)
        self.cache = SpriteCache(capacity: 5)
        var blank = Bitmap(
            width: layout.bannerWidthPixels, height: layout.bannerHeightPixels, color: Banner.defaultBackground)
        blank.roundCorners(radius: layout.cornerRadiusPixels)
        self.placeholder = composer.prepare(blank, over: background)
        placements.reserveCapacity(3)
        shifted.reserveCapacity(3)
        spritesBefore.reserveCapacity(3)
        if case .worker(let worker) = rendering { workerGeneration = worker.reset(banners: banners, target: target) }
    }

    /// Other banners for the same layout (a schedule's edge): `carrying` maps a banner's index to its index in
    /// `banners`, nil for one that is gone. Sprites of the banners that stay are kept, so none of them shows as a
    /// placeholder; work queued for the old list is dropped.
    public func replace(banners: BannerList, carrying: (Int) -> Int?) {
        endStreams()
        planes?.release()
        self.banners = banners
        cache.renumber(carrying)
        playback.renumber(carrying)
        playout.removeAll()
        inlineStreams.removeAll()
        spriteGeneration += 1
        inFlight.removeAll()
        if case .worker(let worker) = rendering { workerGeneration = worker.reset(banners: banners, target: target) }
    }

    /// Banners held pre-rendered right now.
    public var cachedBanners: [Int] { cache.banners }

    /// Whether the banner at `index` is rendered (drawn as itself, not a placeholder).
    public func isRendered(_ index: Int) -> Bool { cache.contains(index) }

    /// Problems met since the last call, one line each, for the log. Each is reported once for these banners:
    /// a banner re-rendered every cycle must not repeat its line all day.
    public func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }

    func report(_ lines: [String]) {
        for line in lines where reported.insert(line).inserted { problems.append(line) }
    }

    /// Makes sure the banners at the current page and two either side are rendered or on their way,
    /// nearest first. Call after each frame step; cheap when nothing is missing.
    public func focus(on carousel: Carousel) {
        PrerenderWindow.fill(&window, around: carousel)
        // Called every frame step: allocates only when something is missing.
        guard window.contains(where: { !cache.contains($0) }) else { return }
        let wanted = window.filter { !cache.contains($0) }
        switch rendering {
        case .inline(let renderer):
            for banner in wanted { render(banner, with: renderer) }
        case .worker(let worker):
            guard wanted != inFlight else { return }
            inFlight = wanted
            worker.request(wanted)
        }
    }

    /// Whether the banners `focus` keeps ready around `carousel` are all rendered (`PrerenderWindow`).
    public func isReady(around carousel: Carousel) -> Bool {
        PrerenderWindow.isReady(around: carousel, isRendered: cache.contains)
    }

    /// Picks up banners the worker finished; returns whether one of them is on screen (draw again).
    public func collect(visible: VisibleViews) -> Bool {
        guard case .worker(let worker) = rendering else { return false }
        var redraw = false
        for result in worker.collect(generation: workerGeneration) {
            cache.insert(result.picture, for: result.banner, keeping: window)
            spriteGeneration += 1
            inFlight.removeAll { $0 == result.banner }
            report(result.problems)
            for view in visible where view.banner == result.banner { redraw = true }
        }
        let delivered = worker.collectFrames(generation: workerGeneration)
        report(delivered.problems)
        for frame in delivered.frames {
            // A frame held on the planes, drawn as a sprite (`flatten`): the primary plane shows it from now on.
            if frame.sprite != nil, playout.redrawn(frame) {
                spriteGeneration += 1
                redraw = true
                continue
            }
            // One decoded onto planes its banner no longer has (they went to another, or were refused) is not shown.
            if case .plane = frame.picture, planes?.owner != frame.banner { continue }
            guard playout.add(frame) else { continue }
            streamArrived = true
            // The frame due, or one late but newer than the one shown: draw it now. One on the planes needs no frame
            // drawn: the step after this wake-up shows it (`advanceAnimations`), by a flip of the planes alone.
            if frame.sprite != nil, visible.contains(where: { $0.banner == frame.banner }),
                let count = cache.peek(frame.banner)?.timeline?.frameCount,
                playout.shows(frame, due: playback.frame(of: frame.banner), count: count)
            {
                redraw = true
            }
        }
        return redraw
    }

    /// Composes the frame for `views` into `target`, all of it.
    public func draw(_ views: VisibleViews, into target: PixelBuffer) {
        place(views)
        composer.compose(background: background, placements: placements, into: target)
        drawn.record(placements, in: target)
    }

    /// As `draw`, writing only what differs from the frame `target` holds from this presenter (`DrawnBuffers`):
    /// at rest, an animation's next frame writes its banner's rectangle and nothing else. Call
    /// `forgetDrawnBuffers()` when the display's buffers are made anew.
    public func drawChanges(_ views: VisibleViews, into target: PixelBuffer) {
        place(views)
        defer { drawn.record(placements, in: target) }
        guard let damage = drawn.damage(placements, in: target) else {
            composer.compose(background: background, placements: placements, into: target)
            return
        }
        let logical = composer.logicalSize(of: target)
        let rect = damage.intersection(PixelRect(x: 0, y: 0, width: logical.width, height: logical.height))
        guard !rect.isEmpty else { return }
        // The rectangle is a frame of its own: the same rotation maps its logical pixels onto its part of the target.
        let part = composer.rotation.targetRect(rect, logicalWidth: logical.width, logicalHeight: logical.height)
        let view = PixelBuffer(
            base: target.base + part.y * target.stride + part.x * target.format.bytesPerPixel, width: part.width,
            height: part.height, stride: target.stride, format: target.format)
        shifted.removeAll(keepingCapacity: true)
        for p in placements { shifted.append(Placement(p.sprite, x: p.x - rect.x, y: p.y - rect.y)) }
        composer.compose(background: background, placements: shifted, into: view)
    }

    /// The display's buffers were made anew: the next frame into each is written whole.
    public func forgetDrawnBuffers() {
        drawn.removeAll()
    }

    /// Takes `views` as the frame on screen without composing it (the display pans a strip to it): `lastFrame`
    /// and the placeholder counts follow it as if it had been drawn.
    public func place(_ views: VisibleViews) {
        placements.removeAll(keepingCapacity: true)
        placeholdersOnScreen = 0
        for view in views {
            let sprite: Sprite
            if let ready = shownSprite(of: view.banner) {
                sprite = ready
            } else if case .inline(let renderer) = rendering {
                render(view.banner, with: renderer)
                sprite = shownSprite(of: view.banner) ?? placeholder
            } else {
                placeholdersDrawn += 1
                placeholdersOnScreen += 1
                sprite = placeholder
            }
            placements.append(Placement(sprite, x: view.x, y: view.y))
        }
        showOnPlanes(views)
    }

    /// The banners of the strip around `center` (a page of `recycler`), placed where `strip` lays them out; nil
    /// while one of them is not rendered (a strip never holds a placeholder: the frames composed meanwhile count
    /// them).
    public func stripContent(_ strip: StripLayout, center: Int, recycler: Recycler) -> StripContent? {
        let pages = recycler.count == 1 ? [center] : [center - 1, center, center + 1]
        var placed: [Placement] = []
        placed.reserveCapacity(pages.count)
        for page in pages {
            guard let sprite = shownSprite(of: recycler.banner(atPage: page)) else { return nil }
            placed.append(
                Placement(sprite, x: strip.bannerX(page: page, centerPage: center), y: layout.topInsetPixels))
        }
        return StripContent(centerPage: center, placements: placed)
    }

    /// The frame `draw` last drew, to compose again elsewhere (a screenshot): the same sprites at the same places,
    /// so the same pixels, without reading back the scanout buffer (write-combined memory is slow to read).
    public var lastFrame: ComposedFrame {
        ComposedFrame(
            background: background, placements: placements, rotation: composer.rotation, format: composer.format)
    }

    private func render(_ banner: Int, with renderer: BannerRenderer) {
        guard banner < banners.count else { return }
        let rendered = BannerPicture.render(banners[banner], with: renderer, for: target)
        report(rendered.problems)
        cache.insert(rendered.picture, for: banner, keeping: window)
        spriteGeneration += 1
    }

    /// The sprite `banner` shows now (its animation's frame), marking it used; nil when it is not rendered.
    private func shownSprite(of banner: Int) -> Sprite? {
        cache.picture(for: banner).map { sprite(of: banner, in: $0) }
    }

    /// The sprite `picture` of `banner` shows now: its animation's frame, or a streamed one's frame drawn last.
    private func sprite(of banner: Int, in picture: BannerPicture) -> Sprite {
        guard picture.isStreamed else { return picture.sprite(frame: playback.frame(of: banner)) }
        return playout.sprite(of: banner) ?? picture.sprites[0]
    }

    /// Brings the animations on screen up to `now` (`AnimationPlayback`); returns whether a sprite on screen changed
    /// (draw again): a streamed frame due but not drawn yet changes nothing until it comes (`collect`). Call before
    /// each frame is drawn.
    public func advanceAnimations(_ carousel: Carousel, at now: Duration) -> PictureChange {
        let views = carousel.visibleViews()
        spritesBefore.removeAll(keepingCapacity: true)
        for view in views { spritesBefore.append(cache.peek(view.banner).map { sprite(of: view.banner, in: $0) }) }
        _ = playback.advance(views, playing: carousel.playingBanner, at: now) { cache.peek($0)?.timeline }
        advanceStreams(views)
        var changed = false
        for (view, before) in zip(views, spritesBefore) {
            let after = cache.peek(view.banner).map { sprite(of: view.banner, in: $0) }
            if after !== before { changed = true }
        }
        let planesChanged = showOnPlanes(views)
        if changed { spriteGeneration += 1 }
        return changed ? .frame : planesChanged ? .overlays : .none
    }

    /// Frames due of streamed animations on screen: shown when drawn (inline rendering draws them now), and the next
    /// ones asked of the worker for the one playing; its stream ended once none plays.
    private func advanceStreams(_ views: VisibleViews) {
        playout.keep(views)
        inlineStreams.removeAll { stream in !views.contains { $0.banner == stream.banner } }
        if let owner = planes?.owner, !views.contains(where: { $0.banner == owner }) { planes?.release() }
        var playing = false
        for view in views {
            guard let picture = cache.peek(view.banner), picture.isStreamed, let count = picture.timeline?.frameCount
            else { continue }
            if playback.isPlaying(view.banner) { takePlanes(for: view.banner) }
            let due = playback.frame(of: view.banner)
            // Once per frame: the frame shown is drawn already (drawing it again would decode the file from its
            // start at every step, as the stream is past it).
            if due != 0, !playout.isDrawn(view.banner, frame: due), case .inline(let renderer) = rendering {
                drawInline(view.banner, frame: due, with: renderer)
            }
            playout.show(view.banner, due: due, count: count)
            guard case .worker(let worker) = rendering, playback.isPlaying(view.banner), !playing else { continue }
            playing = true
            if let asked = streamAsked, asked.banner == view.banner, asked.due == due, !streamArrived,
                layerToWrite == nil
            {
                continue
            }
            if let asked = streamAsked, asked.banner != view.banner { endStreams() }
            let wanted = playout.wanted(view.banner, due: due, count: count)
            let kept = streamAsked.flatMap { $0.banner == view.banner ? $0 : nil }
            let unchanged = layerToWrite == nil && kept?.frames == wanted
            let lent =
                unchanged ? kept?.planes ?? [:] : lendPlanes(for: view.banner, frames: wanted, kept: kept?.planes)
            streamAsked = (view.banner, due, wanted, lent)
            if !unchanged {
                worker.stream(
                    StreamRequest(
                        generation: workerGeneration, banner: view.banner, content: banners[view.banner],
                        target: target, frames: wanted, planes: lent, layer: layerToWrite))
                layerToWrite = nil
            }
        }
        if !playing { endStreams() }
        streamArrived = false
    }

    /// Tells the worker the stream asked for last is no longer wanted (its decoder is closed off this thread). Call
    /// when this presenter leaves the screen.
    public func endStreams() {
        guard let asked = streamAsked else { return }
        streamAsked = nil
        guard case .worker(let worker) = rendering else { return }
        worker.endStream(StreamOwner(generation: workerGeneration, banner: asked.banner))
    }

    /// Frame `frame` of `banner`'s streamed animation, drawn on this thread (inline rendering): into a plane's memory
    /// when the banner has the planes and one is free, else as a sprite.
    private func drawInline(_ banner: Int, frame: Int, with renderer: BannerRenderer) {
        guard let stream = inlineStream(banner, with: renderer) else { return }
        let drawn =
            if planes?.owner == banner, let memory = planes?.lend() {
                stream.planeFrame(frame, into: memory)
            } else {
                stream.frame(frame, renderer: renderer, target: target)
            }
        report(stream.takeProblems())
        if let drawn { playout.add(drawn) }
    }

    /// `banner`'s streamed animation open on this thread (inline rendering), opened now if it was not.
    func inlineStream(_ banner: Int, with renderer: BannerRenderer) -> StreamDrawer? {
        if !inlineStreams.contains(where: { $0.banner == banner }), banner < banners.count,
            let opened = StreamDrawer(banner: banner, banners[banner], renderer: renderer, for: target)
        {
            inlineStreams.append(opened)
        }
        return inlineStreams.first { $0.banner == banner }
    }

    /// What became of the frames of videos and long animations drawn as they play (drawn, shown, dropped, late),
    /// since the last `takeStreamCounts()`.
    public var streamCounts: StreamCounts { playout.counts }

    /// `streamCounts`, counted afresh from now (the metrics add them up across presenters).
    public func takeStreamCounts() -> StreamCounts { playout.takeCounts() }

    /// When the next frame of an animation on screen is due; nil when none will change by itself.
    public var nextAnimationFrame: Duration? { playback.nextChange }

    /// Whether an animation on screen is playing with frames to come: each of its frames is composed (a strip
    /// would be out of date by the next frame).
    public var isAnimating: Bool { playback.isMoving }
}

/// The loop draws with the presenter: in `bannerd run`, and in the simulated loop of the tests (rendering inline).
extension CarouselPresenter: LoopPictures {}
