/// Composes one frame straight into a target `PixelBuffer` (XRGB8888 or RGB565): the background colour where no
/// sprite is, each sprite's opaque runs copied, its other pixels blended over the background colour.
///
/// Cost per frame is one sequential write of the target's bytes and no read of it: dumb buffers are
/// write-combined, so the composer never reads the target back and never writes a pixel twice unless sprites
/// overlap. Rotation is paid once per sprite (`Sprite` is stored turned), so a rotated frame costs the same.
/// Translucent sprite pixels blend over the background colour, not over a sprite beneath: sprites are meant not
/// to overlap (the carousel keeps gaps between banners).
///
/// The composer keeps a scratch list of per-placement rectangles that grows to the largest placement count seen,
/// so steady-state frames allocate nothing.
public final class FrameComposer {
    /// The rotation sprites must be prepared with.
    public let rotation: Rotation
    private var rects: UnsafeMutablePointer<PixelRect>
    private var spans: UnsafeMutablePointer<Int>  // pairs: start, end of each sprite's row span
    private var capacity: Int

    /// A composer for frames shown with `rotation`.
    public init(rotation: Rotation) {
        self.rotation = rotation
        capacity = 8
        rects = .allocate(capacity: capacity)
        spans = .allocate(capacity: capacity * 2)
    }

    deinit {
        rects.deallocate()
        spans.deallocate()
    }

    /// Makes a sprite in this composer's orientation from a bitmap laid out logically.
    public func prepare(_ bitmap: Bitmap) -> Sprite { Sprite(bitmap, rotation: rotation) }

    /// The logical (before rotation) size of frames composed into `target`.
    public func logicalSize(of target: PixelBuffer) -> (width: Int, height: Int) {
        rotation.logicalSize(targetWidth: target.width, targetHeight: target.height)
    }

    /// Writes the frame: `background` everywhere, then the placements in order (later ones on top).
    ///
    /// Placements are in logical pixels. A sprite prepared for another rotation is a programming error.
    public func compose(background: Color, placements: [Placement], into target: PixelBuffer) {
        reserve(placements.count)
        let logical = logicalSize(of: target)
        let screen = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        for (i, p) in placements.enumerated() {
            precondition(p.sprite.rotation == rotation)  // invariant: sprites come from prepare(_:)
            let r = PixelRect(x: p.x, y: p.y, width: p.sprite.logicalWidth, height: p.sprite.logicalHeight)
            rects[i] = rotation.targetRect(r, logicalWidth: logical.width, logicalHeight: logical.height)
        }
        let bg = background.premultipliedARGB | 0xFF00_0000
        let writer = RowWriter(target: target, background: bg)
        for ty in 0..<target.height {
            var n = 0
            for i in 0..<placements.count {
                let r = rects[i]
                guard ty >= r.y, ty < r.maxY else { continue }
                let lo = max(r.x, 0)
                let hi = min(r.maxX, screen.width)
                guard lo < hi else { continue }
                insertSpan(lo, hi, count: n)
                n += 1
            }
            var x = 0
            for k in 0..<n {
                let lo = spans[2 * k]
                if lo > x { writer.fill(row: ty, from: x, to: lo) }
                x = max(x, spans[2 * k + 1])
            }
            if x < screen.width { writer.fill(row: ty, from: x, to: screen.width) }
            for i in 0..<placements.count {
                let r = rects[i]
                guard ty >= r.y, ty < r.maxY else { continue }
                writer.copy(placements[i].sprite, spriteRow: ty - r.y, originX: r.x, row: ty)
            }
        }
    }

    /// Inserts [lo, hi) into the first `count` spans, kept sorted by start (a handful per row: insertion sort).
    private func insertSpan(_ lo: Int, _ hi: Int, count: Int) {
        var j = count
        while j > 0 && spans[2 * (j - 1)] > lo {
            spans[2 * j] = spans[2 * (j - 1)]
            spans[2 * j + 1] = spans[2 * (j - 1) + 1]
            j -= 1
        }
        spans[2 * j] = lo
        spans[2 * j + 1] = hi
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        // Grows only when a frame has more placements than any before it; steady state never allocates.
        rects.deallocate()
        spans.deallocate()
        capacity = max(n, capacity * 2)
        rects = .allocate(capacity: capacity)
        spans = .allocate(capacity: capacity * 2)
    }
}
