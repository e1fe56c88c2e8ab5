/// Composes one frame straight into a target `PixelBuffer` (XRGB8888 or RGB565): the background colour where no
/// sprite is, each sprite's opaque runs copied, its other pixels blended over the background colour.
///
/// Cost per frame is one sequential write of the target's bytes and no read of it: dumb buffers are
/// write-combined, so the composer never reads the target back and writes every pixel once, left to right within
/// a row, even where sprites overlap (the topmost one is written); only the last store of a short run may write a
/// few of its bytes again, within the same 16 bytes. Rotation and conversion to the target's
/// format are paid once per sprite (`Sprite` is stored turned, in `format`), so a rotated frame costs the same.
/// Translucent sprite pixels blend over the background colour, not over a sprite beneath: sprites are meant not
/// to overlap (the carousel keeps gaps between banners).
///
/// Rows are handled in bands where the same sprites are on screen; each band's left-to-right runs are worked out
/// once, so a row is a handful of copies and fills. The scratch lists grow to the largest placement count seen,
/// so steady-state frames allocate nothing.
public final class FrameComposer {
    /// The rotation sprites must be prepared with.
    public let rotation: Rotation
    /// The pixel format `prepare(_:)` stores sprites in: the format of the targets composed into, for plain copies.
    public let format: PixelFormat
    private var sprites: UnsafeMutablePointer<PlacedSprite>
    private var edges: UnsafeMutablePointer<Int>  // column boundaries of one band, sorted
    private var runs: UnsafeMutablePointer<Run>
    private var capacity: Int
    /// One row of background for `RowWriter` to copy long fills from; grows to the widest target row seen.
    private var backgroundRow: UnsafeMutableRawPointer
    private var backgroundRowBytes = 0

    /// A composer for frames shown with `rotation` on targets in `format`.
    public init(rotation: Rotation, format: PixelFormat = .xrgb8888) {
        self.rotation = rotation
        self.format = format
        capacity = 8
        sprites = .allocate(capacity: capacity)
        edges = .allocate(capacity: 2 * capacity + 2)
        runs = .allocate(capacity: 2 * capacity + 1)
        backgroundRow = .allocate(byteCount: 64, alignment: 64)
    }

    deinit {
        sprites.deallocate()
        edges.deallocate()
        runs.deallocate()
        backgroundRow.deallocate()
    }

    /// Makes a sprite in this composer's orientation and format from a bitmap laid out logically; with
    /// `background`, flattened over it (for sprites only ever composed over that colour).
    public func prepare(_ bitmap: Bitmap, over background: Color? = nil) -> Sprite {
        Sprite(bitmap, rotation: rotation, format: format, over: background)
    }

    /// The logical (before rotation) size of frames composed into `target`.
    public func logicalSize(of target: PixelBuffer) -> (width: Int, height: Int) {
        rotation.logicalSize(targetWidth: target.width, targetHeight: target.height)
    }

    /// Writes the frame: `background` everywhere, then the placements in order (later ones on top).
    ///
    /// Placements are in logical pixels. A sprite prepared for another rotation is a programming error; one
    /// prepared for another format still composes (converted per frame, or widened from RGB565), only slower.
    public func compose(background color: Color, placements: [Placement], into target: PixelBuffer) {
        reserve(placements.count)
        let logical = logicalSize(of: target)
        let screen = PixelRect(x: 0, y: 0, width: target.width, height: target.height)
        var n = 0
        for p in placements {
            precondition(p.sprite.rotation == rotation)  // invariant: sprites come from prepare(_:)
            let logicalRect = PixelRect(x: p.x, y: p.y, width: p.sprite.logicalWidth, height: p.sprite.logicalHeight)
            let r = rotation.targetRect(logicalRect, logicalWidth: logical.width, logicalHeight: logical.height)
            let clip = r.intersection(screen)
            guard !clip.isEmpty else { continue }
            (sprites + n).initialize(to: PlacedSprite(p.sprite, x: r.x, y: r.y, clip: clip))
            n += 1
        }
        let bg = color.premultipliedARGB | 0xFF00_0000
        let rowBytes = target.width * target.format.bytesPerPixel
        if rowBytes > backgroundRowBytes {
            backgroundRow.deallocate()
            backgroundRow = .allocate(byteCount: rowBytes, alignment: 64)
            backgroundRowBytes = rowBytes
        }
        let writer = RowWriter(target: target, background: bg, backgroundRow: backgroundRow)
        var y = 0
        while y < target.height {
            let end = bandEnd(from: y, sprites: n, height: target.height)
            let count = bandRuns(rows: y..<end, sprites: n, target: target)
            // Locals, not properties: the row loop calls memmove, after which stored properties would be reloaded.
            let runs = UnsafePointer(self.runs)
            let sprites = UnsafePointer(self.sprites)
            let base = target.base
            let stride = target.stride
            for ty in y..<end {
                let row = base + ty * stride
                for k in 0..<count {
                    let run = runs[k]
                    if run.sprite < 0 {
                        writer.fill(row, from: run.x0, to: run.x1)
                    } else if let source = run.plainSource {
                        writer.copy(
                            source + (ty - run.plainFirstRow) * run.plainStride, pixels: run.x1 - run.x0, into: row,
                            at: run.x0)
                    } else {
                        writer.copy(sprites[run.sprite], from: run.x0, to: run.x1, row: ty, into: row)
                    }
                }
            }
            y = end
        }
    }

    /// The first row after `y` where one of the sprites starts or ends, or its edge-to-edge opaque rows start or
    /// end (or `height`).
    private func bandEnd(from y: Int, sprites n: Int, height: Int) -> Int {
        var end = height
        for i in 0..<n {
            let s = sprites[i]
            if s.clip.y > y { end = min(end, s.clip.y) }
            if s.clip.maxY > y { end = min(end, s.clip.maxY) }
            if s.opaqueTop > y { end = min(end, s.opaqueTop) }
            if s.opaqueBottom > y { end = min(end, s.opaqueBottom) }
        }
        return end
    }

    /// Splits the rows of a band into left-to-right runs, each the topmost sprite there or background, into
    /// `runs`; returns how many. At most 2n + 1 runs for n sprites.
    private func bandRuns(rows band: Range<Int>, sprites n: Int, target: PixelBuffer) -> Int {
        let y = band.lowerBound
        let width = target.width
        var e = 0
        insertEdge(0, count: &e)
        insertEdge(width, count: &e)
        for i in 0..<n where sprites[i].clip.y <= y && y < sprites[i].clip.maxY {
            insertEdge(sprites[i].clip.x, count: &e)
            insertEdge(sprites[i].clip.maxX, count: &e)
        }
        var count = 0
        for k in 0..<(e - 1) where edges[k] < edges[k + 1] {
            let x0 = edges[k]
            let x1 = edges[k + 1]
            var owner = -1
            for i in 0..<n {
                let c = sprites[i].clip
                if c.y <= y && y < c.maxY && c.x <= x0 && x1 <= c.maxX { owner = i }
            }
            if count > 0 && runs[count - 1].sprite == owner && runs[count - 1].x1 == x0 {
                runs[count - 1].x1 = x1
            } else {
                runs[count] = Run(x0: x0, x1: x1, sprite: owner)
                count += 1
            }
        }
        for k in 0..<count where runs[k].sprite >= 0 {
            let s = sprites[runs[k].sprite]
            // Rows opaque from edge to edge in the target's format need no per-row look at their runs: a copy
            // from the same columns of each row. The source is rebased to target row 0 by integer offset only.
            guard s.format == target.format, s.opaqueTop <= y, band.upperBound <= s.opaqueBottom else { continue }
            let columns = (runs[k].x0 - s.x)..<(runs[k].x1 - s.x)
            if let strip = s.sprite.takeUnretainedValue().stripSource(columns: columns, row: y - s.y) {
                runs[k].plainSource = strip.source
                runs[k].plainStride = strip.stride
            } else {
                runs[k].plainSource = s.pixels + (y - s.y) * s.stride + columns.lowerBound * s.format.bytesPerPixel
                runs[k].plainStride = s.stride
            }
            runs[k].plainFirstRow = y
        }
        return count
    }

    /// Inserts column `x` into the first `count` edges, kept sorted (a handful per band: insertion sort);
    /// duplicates are kept and skipped by the caller.
    private func insertEdge(_ x: Int, count: inout Int) {
        var j = count
        while j > 0 && edges[j - 1] > x {
            edges[j] = edges[j - 1]
            j -= 1
        }
        edges[j] = x
        count += 1
    }

    private func reserve(_ n: Int) {
        guard n > capacity else { return }
        // Grows only when a frame has more placements than any before it; steady state never allocates.
        sprites.deallocate()
        edges.deallocate()
        runs.deallocate()
        capacity = max(n, capacity * 2)
        sprites = .allocate(capacity: capacity)
        edges = .allocate(capacity: 2 * capacity + 2)
        runs = .allocate(capacity: 2 * capacity + 1)
    }

    /// Target columns `x0..<x1` of a row shown from `sprites[sprite]`, or background when `sprite` is -1.
    private struct Run {
        var x0: Int
        var x1: Int
        var sprite: Int
        /// For rows copied as they are: the source of the band's first row, and the sprite's row stride.
        var plainSource: UnsafeRawPointer? = nil
        var plainStride = 0
        var plainFirstRow = 0
    }
}
