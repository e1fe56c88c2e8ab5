import CarouselEngine
import DisplaySelection
import Raster

/// Shows a moving carousel by panning the display over strips instead of composing each frame: the frame path
/// writes no pixel. The strip for the centre page (and the next one the carousel heads for) is composed off the
/// loop, by whatever runs `StripJob`s; a frame whose strip is not ready is composed as before.
public final class StripPanner {
    public let strip: StripLayout
    private let device: any PanningScanout
    private let background: Color
    /// The display's numbers of the strips, made at the first composition.
    private var numbers: [Int] = []
    private var slots = StripSlots(count: StripPanner.stripCount)
    /// What the strips should hold, for the centre page and the page heading for, and what it was worked out for.
    private var wanted: [StripContent] = []
    private var wantedFor: (center: Int, next: Int?, generation: Int)?
    /// Frames shown by panning.
    public private(set) var framesPanned = 0
    /// Strips composed.
    public private(set) var stripsComposed = 0
    /// Why panning stopped (the display could not make a strip or show a window of one); every frame is composed
    /// from then on, as a display that cannot pan must still show the carousel.
    public private(set) var failure: String?
    /// Whether `takeFailure` has handed the failure out (it is logged once).
    private var failureTaken = false

    /// Two strips: the one on screen and the next.
    public static let stripCount = 2

    /// A panner for `device`, whose frames are laid out by `layout` turned by `rotation`, over `background`.
    public init(device: any PanningScanout, layout: CarouselLayout, rotation: Rotation, background: Color) {
        self.device = device
        self.strip = StripLayout(layout: layout, rotation: rotation)
        self.background = background
    }

    /// Shows the carousel's frame as a window of a ready strip; nil when none holds it, or an animation on screen
    /// is playing (compose the frame).
    public func present(_ carousel: Carousel, presenter: CarouselPresenter) throws -> PresentOutcome? {
        guard failure == nil, device.panMethod != nil, !presenter.isAnimating, let recycler = carousel.recycler else {
            return nil
        }
        let center = recycler.centerPage
        let scroll = strip.layout.scrollPixels(carousel.position)
        guard let offset = strip.windowOffset(scrollPixels: scroll, centerPage: center),
            let content = contents(carousel, presenter: presenter).first(where: { $0.centerPage == center }),
            let slot = slots.ready(content)
        else { return nil }
        let origin = strip.scanoutOrigin(windowOffset: offset)
        // A video on the planes moves with the window, in the same commit.
        presenter.placeOverlays(carousel.visibleViews())
        let outcome: PresentOutcome
        do {
            outcome = try device.presentStrip(numbers[slot], x: origin.x, y: origin.y)
        } catch {
            // A driver may accept a strip and refuse to show it (bochs pins a framebuffer in video memory only when
            // it is flipped to): this frame and every later one are composed instead.
            failure = "panning stopped, every frame is composed: \(error)"
            return nil
        }
        if outcome != .busy {
            presenter.place(carousel.visibleViews())
            framesPanned += 1
        }
        return outcome
    }

    /// Whether this panner shows frames of `layout` turned by `rotation` on `device`.
    public func serves(_ device: any PanningScanout, layout: CarouselLayout, rotation: Rotation) -> Bool {
        self.device === device && strip.layout == layout && strip.rotation == rotation
    }

    /// Claims a strip for each wanted content no strip holds and hands it to `compose` (to run off the loop and
    /// come back through `composed`). Call after each frame; cheap when the strips hold what is wanted. None while
    /// an animation plays: its strips would be out of date at its next frame.
    public func prepare(_ carousel: Carousel, presenter: CarouselPresenter, compose: (StripJob) -> Void) {
        guard failure == nil, device.panMethod != nil, !presenter.isAnimating else { return }
        let wanted = contents(carousel, presenter: presenter)
        for content in wanted {
            guard let slot = slots.claim(content, keep: wanted, busy: isOnScreen) else { continue }
            do {
                while numbers.count <= slot {
                    let size = strip.scanoutSize
                    numbers.append(try device.addStrip(width: size.width, height: size.height))
                }
            } catch {
                failure = "panning stopped, every frame is composed: \(error)"
                return
            }
            compose(
                StripJob(
                    slot: slot, content: content, target: device.stripMemory(numbers[slot]), background: background,
                    rotation: strip.rotation, format: device.format, panner: ObjectIdentifier(self)))
        }
    }

    /// `failure`, the first time it is asked for after panning stopped: a line for the log.
    public func takeFailure() -> String? {
        guard let failure, !failureTaken else { return nil }
        failureTaken = true
        return failure
    }

    /// A job handed out by `prepare` is done: its strip may be shown. Jobs of another panner are ignored.
    public func composed(_ job: StripJob) {
        guard job.panner == ObjectIdentifier(self) else { return }
        slots.composed(job.slot, content: job.content)
        stripsComposed += 1
    }

    private func isOnScreen(_ slot: Int) -> Bool {
        slot < numbers.count && device.isStripOnScreen(numbers[slot])
    }

    /// The contents of the strips for the centre page and the page the carousel heads for (the next one at rest:
    /// autoplay goes forwards), as far as their banners are rendered; worked out again only when one of those
    /// changes, so a frame allocates nothing.
    private func contents(_ carousel: Carousel, presenter: CarouselPresenter) -> [StripContent] {
        guard let recycler = carousel.recycler else { return [] }
        let center = recycler.centerPage
        let next = recycler.count == 1 ? nil : center + heading(carousel, center: center)
        let key = (center, next, presenter.spriteGeneration)
        if let wantedFor, wantedFor == key { return wanted }
        wantedFor = key
        wanted = [center, next].compactMap { page in
            page.flatMap { presenter.stripContent(strip, center: $0, recycler: recycler) }
        }
        return wanted
    }

    /// +1 or −1: the way the carousel is off its centre page, or the way its snap goes; forwards when neither.
    private func heading(_ carousel: Carousel, center: Int) -> Int {
        let step = strip.layout.pageStep
        if let target = carousel.activeSnap?.target {
            let page = Int((target / step).rounded())
            if page != center { return page > center ? 1 : -1 }
        }
        return carousel.position < Double(center) * step ? -1 : 1
    }
}

/// One strip to compose off the loop. It holds the strip's memory (`StripMemory`): mapped until the job is gone,
/// whenever the display shuts down.
// Sendable because `target` is a strip no one else touches while this job exists: `StripSlots` keeps a strip
// that is composing off screen and out of the loop's hands until `StripPanner.composed` takes the job back; the
// rest is values and sprites, which are immutable (ThreadSanitizer: StripPannerThreadTests in scripts/test).
public struct StripJob: @unchecked Sendable {
    public let slot: Int
    public let content: StripContent
    let target: StripMemory
    let background: Color
    let rotation: Rotation
    let format: PixelFormat
    let panner: ObjectIdentifier

    /// Composes the strip (a composer of its own: the loop's is busy with the loop's frames).
    public func run() {
        FrameComposer(rotation: rotation, format: format).compose(
            background: background, placements: content.placements, into: target.pixels)
    }
}
