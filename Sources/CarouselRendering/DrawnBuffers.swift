import Raster

/// What each display buffer holds from the last frame composed into it, by the address of its memory, so that the
/// next frame into it writes only what changed: at rest, an animation's next frame is its banner's rectangle.
///
/// A buffer made anew may get the memory of one freed before it, holding anything: `removeAll()` when the
/// display's buffers are made anew. The entries keep their placement lists' storage from frame to frame, so a
/// steady state allocates nothing.
struct DrawnBuffers {
    fileprivate struct Entry {
        var base: UnsafeMutableRawPointer
        var width: Int
        var height: Int
        var placements: [Placement]
    }

    private var entries: [Entry] = []
    /// The display's rotating buffers, and some room: past this, the oldest is forgotten.
    private static let capacity = 4

    init() {
        entries.reserveCapacity(Self.capacity)
    }

    /// The logical rectangle where `placements` differ from what `target` holds: nil when the whole frame must be
    /// written (a buffer not drawn into yet, or banners moved, came or went); an empty one when nothing differs.
    /// Only a sprite swapped for another of the same size at the same place (an animation's frame, a banner
    /// rendered again) leaves the rest as it is.
    func damage(_ placements: [Placement], in target: PixelBuffer) -> PixelRect? {
        guard let held = entries.first(where: { $0.holds(target) }),
            held.placements.count == placements.count
        else { return nil }
        var damaged: PixelRect?
        for (old, new) in zip(held.placements, placements) {
            guard old.x == new.x, old.y == new.y, old.sprite.logicalWidth == new.sprite.logicalWidth,
                old.sprite.logicalHeight == new.sprite.logicalHeight
            else { return nil }
            guard old.sprite !== new.sprite else { continue }
            let rect = PixelRect(x: new.x, y: new.y, width: new.sprite.logicalWidth, height: new.sprite.logicalHeight)
            damaged = damaged.map { $0.union(rect) } ?? rect
        }
        return damaged ?? PixelRect(x: 0, y: 0, width: 0, height: 0)
    }

    /// `target` now holds `placements`.
    mutating func record(_ placements: [Placement], in target: PixelBuffer) {
        let index: Int
        if let found = entries.firstIndex(where: { $0.holds(target) }) {
            index = found
        } else {
            if entries.count == Self.capacity { entries.removeFirst() }
            entries.append(Entry(base: target.base, width: target.width, height: target.height, placements: []))
            entries[entries.count - 1].placements.reserveCapacity(placements.count)
            index = entries.count - 1
        }
        entries[index].placements.removeAll(keepingCapacity: true)
        entries[index].placements.append(contentsOf: placements)
    }

    /// Every buffer forgotten: the next frame into any is written whole.
    mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}

extension DrawnBuffers.Entry {
    fileprivate func holds(_ target: PixelBuffer) -> Bool {
        base == target.base && width == target.width && height == target.height
    }
}

extension PixelRect {
    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let x = Swift.min(self.x, other.x)
        let y = Swift.min(self.y, other.y)
        return PixelRect(x: x, y: y, width: Swift.max(maxX, other.maxX) - x, height: Swift.max(maxY, other.maxY) - y)
    }
}
