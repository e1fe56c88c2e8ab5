/// A pre-rendered bitmap made ready for `FrameComposer`: turned into the target's orientation once, with each
/// row's run of fully opaque pixels found once, so composing a frame copies those runs and blends only the rest
/// (the anti-aliased corners) over the background colour.
public final class Sprite: Sendable {
    /// Size of the picture as laid out (before rotation), in pixels.
    public let logicalWidth: Int
    public let logicalHeight: Int
    /// The rotation `bitmap` was turned by; it must match the composer's.
    public let rotation: Rotation
    /// The pixels in target orientation.
    public let bitmap: Bitmap
    /// For target row y, pixels `opaqueStart[y]..<opaqueEnd[y]` all have alpha 255; the others may not.
    let opaqueStart: [Int32]
    let opaqueEnd: [Int32]

    /// Turns `bitmap` (laid out in logical orientation) by `rotation` and indexes its opaque runs.
    public init(_ bitmap: Bitmap, rotation: Rotation) {
        logicalWidth = bitmap.width
        logicalHeight = bitmap.height
        self.rotation = rotation
        let turned = bitmap.rotated(rotation)
        self.bitmap = turned
        var starts = [Int32](repeating: 0, count: turned.height)
        var ends = [Int32](repeating: 0, count: turned.height)
        for y in 0..<turned.height {
            let run = Sprite.opaqueRun(turned, row: y)
            starts[y] = Int32(run.lowerBound)
            ends[y] = Int32(run.upperBound)
        }
        opaqueStart = starts
        opaqueEnd = ends
    }

    /// The pixels between the leading and trailing non-opaque pixels of a row when every one of them is opaque;
    /// an empty run when a translucent pixel sits in between (the whole row is then blended).
    static func opaqueRun(_ b: Bitmap, row y: Int) -> Range<Int> {
        var lo = 0
        while lo < b.width && b[lo, y] >> 24 != 255 { lo += 1 }
        var hi = b.width
        while hi > lo && b[hi - 1, y] >> 24 != 255 { hi -= 1 }
        for x in lo..<hi where b[x, y] >> 24 != 255 { return 0..<0 }
        return lo..<hi
    }
}

/// One sprite at a logical position (top-left, in pixels; may be partly or wholly off screen).
public struct Placement: Sendable {
    /// What to draw.
    public var sprite: Sprite
    /// Logical top-left, pixels.
    public var x: Int
    public var y: Int

    /// A sprite at a logical position.
    public init(_ sprite: Sprite, x: Int, y: Int) {
        self.sprite = sprite
        self.x = x
        self.y = y
    }
}
