import BannerContent
import DisplaySelection
import ImageDecoding
import Raster

/// One frame of a streamed animation, drawn as it plays (`StreamDrawer`).
public struct DrawnFrame: Sendable {
    public var banner: Int
    public var frame: Int
    public var picture: Picture

    /// How the frame is shown: a sprite the loop composes, or the picture alone in a display plane's memory, under
    /// the banner's layer on the plane above (issue 45, `VideoOnPlanes`).
    public enum Picture: Sendable {
        case sprite(Sprite)
        case plane(any PlaneMemory)
    }

    public init(banner: Int, frame: Int, picture: Picture) {
        self.banner = banner
        self.frame = frame
        self.picture = picture
    }

    /// The frame's sprite; nil for a frame on a plane.
    public var sprite: Sprite? {
        if case .sprite(let sprite) = picture { sprite } else { nil }
    }

    /// This frame on a plane drawn as a sprite for `target`'s primary plane: its picture read back from the plane's
    /// memory, and `layer` (the banner's, from the plane above) laid over it as the composed path finishes a frame;
    /// nil for a sprite already. For a banner that gives the planes up while it still shows the frame (a neighbour's
    /// ear). It reads scanout memory, slow on a board: off the loop.
    public func flattened(layer: any PlaneMemory, for target: PrerenderTarget) -> DrawnFrame? {
        guard case .plane(let memory) = picture else { return nil }
        // The planes laid over each other as a screenshot lays them, at the banner's size.
        let whole = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        let storage = PixelBufferStorage(width: target.width, height: target.height, format: .xrgb8888)
        for (n, plane) in [memory, layer].enumerated() {
            OverlayShowing(planeID: 0, buffer: plane, source: whole, destination: whole)
                .lay(over: storage.buffer, alpha: n > 0)
        }
        return DrawnFrame(banner: banner, frame: frame, picture: .sprite(target.sprite(storage.buffer.snapshot())))
    }
}

/// The frames of one animation too long to keep (`BannerPicture.isStreamed`), drawn one at a time as it plays: the
/// file is decoded forwards (a GIF's frame is built on the ones before it), and from its start again for a frame
/// behind the last one decoded (the next loop). Only the thread that draws with it may touch it.
public final class StreamDrawer {
    public let banner: Int
    private let content: Banner
    private let animation: any AnimationDecoder
    /// The banner's scrim, text and corners, drawn once as one layer over the carousel's background
    /// (`OverlayLayer`) and laid over every frame.
    private let finishing: BannerFinish
    /// The memory of the frames' sprites, each written into a block a frame dropped before it.
    private let pool: SpritePool
    /// The frame `nextFrame()` gives next.
    private var position = 0
    /// Lines for the log not taken yet (`takeProblems`).
    private var problems: [String] = []
    /// Whether a decoder's failure and the one that took over were told.
    private var fallbackTold = false

    /// The animation of banner `banner` (`content`), opened anew through `renderer`'s images to draw for `target`;
    /// nil when it does not open (it did when the banner was rendered: the file changed, and a reload follows).
    public init?(banner: Int, _ content: Banner, renderer: BannerRenderer, for target: PrerenderTarget) {
        guard case .file(let path) = content.artwork,
            let opened = try? renderer.images.loadAnimation(path: path, fitting: (target.width, target.height))
        else {
            return nil
        }
        self.banner = banner
        self.content = content
        animation = opened
        let overlay = renderer.overlay(
            content, width: target.width, height: target.height, scale: target.scale,
            cornerRadius: target.cornerRadius, scrim: true)
        finishing = .layer(
            OverlayLayer(overlay, width: target.width, height: target.height, background: target.background))
        pool = target.spritePool()
    }

    /// Frame `n` drawn by `renderer` for `target`; nil when the file no longer gives it.
    public func frame(_ n: Int, renderer: BannerRenderer, target: PrerenderTarget) -> DrawnFrame? {
        guard let decoded = decode(n, { () throws(ImageError) in try next() }) else { return nil }
        let bitmap = renderer.renderFrame(
            content, decoded, width: target.width, height: target.height, finishing: finishing)
        let sprite = target.sprite(bitmap, pool: pool)
        animation.recycle(bitmap)
        return DrawnFrame(banner: banner, frame: n, picture: .sprite(sprite))
    }

    /// Frame `n`'s picture alone, decoded into `plane` (a display plane's XRGB8888 memory of the banner's size, with
    /// `AnimationFrame.scalerSlack` to spare): a video scales it straight in, so the CPU writes the frame once; the
    /// layer above it (`writeLayer`) finishes it on glass. Nil when the file no longer gives it.
    public func planeFrame(_ n: Int, into plane: any PlaneMemory) -> DrawnFrame? {
        guard decode(n, { () throws(ImageError) in try animation.nextFrame(into: plane.pixels) }) != nil else {
            return nil
        }
        return DrawnFrame(banner: banner, frame: n, picture: .plane(plane))
    }

    /// Writes the banner's scrim, text and corners (its `OverlayLayer`) into `plane`, ARGB8888 memory of the banner's
    /// size that a display plane shows above the frames of `planeFrame`.
    public func writeLayer(into plane: any PlaneMemory) {
        if case .layer(let layer) = finishing { layer.write(into: plane.pixels) }
    }

    /// Brings the animation to frame `n` (from its start again for a frame behind the last decoded) and decodes it with
    /// `decode`; nil when the file no longer gives it, the failure kept for the log.
    private func decode<Decoded>(_ n: Int, _ decode: () throws(ImageError) -> Decoded?) -> Decoded? {
        do throws(ImageError) {
            if n < position {
                try animation.rewind()
                position = 0
            }
            while position < n {
                // A frame passed over (the stream fell behind) lends its pixels to the next, as a drawn one does.
                guard let skipped = try next() else { return nil }
                animation.recycle(skipped.bitmap)
                position += 1
            }
            guard let decoded = try decode() else { return nil }
            position += 1
            return decoded
        } catch {
            if case .file(let path) = content.artwork {
                problems.append("\(path): " + BannerRenderer.frameFailure(frame: n + 1, error))
            }
            return nil
        }
    }

    /// The animation's next frame; a decoder that failed and the one that took over are told once.
    private func next() throws(ImageError) -> AnimationFrame? {
        let frame = try animation.nextFrame()
        if !fallbackTold, let fallback = animation.decoderFallback {
            problems.append(fallback.description)
            fallbackTold = true
        }
        return frame
    }

    /// Lines for the log since the last call, one each: a frame that could not be decoded (the stream ends before
    /// it), a decoder that failed and the one that took over.
    public func takeProblems() -> [String] {
        defer { problems.removeAll() }
        return problems
    }
}
