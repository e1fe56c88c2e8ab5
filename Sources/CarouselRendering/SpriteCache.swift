import CarouselEngine
import Raster

/// Pre-rendered banners kept ready for the views, bounded whatever the number of banners.
///
/// Holds at most `capacity` banners' pictures (a sprite, or an animation's frames), keyed by banner index; the least recently used goes first. The frame loop
/// reads it; only the loop thread touches it.
public struct SpriteCache {
    public let capacity: Int
    private var entries: [(banner: Int, picture: BannerPicture, used: UInt64)] = []
    private var clock: UInt64 = 0

    public init(capacity: Int) {
        precondition(capacity >= 3)  // invariant: three views must fit
        self.capacity = capacity
        entries.reserveCapacity(capacity + 1)
    }

    /// The picture of `banner`, marking it used; nil when it has not been rendered yet.
    public mutating func picture(for banner: Int) -> BannerPicture? {
        guard let i = entries.firstIndex(where: { $0.banner == banner }) else { return nil }
        clock += 1
        entries[i].used = clock
        return entries[i].picture
    }

    /// The picture of `banner` without marking it used; nil when it has not been rendered yet.
    public func peek(_ banner: Int) -> BannerPicture? {
        entries.first { $0.banner == banner }?.picture
    }

    /// Whether `banner` is ready, without marking it used.
    public func contains(_ banner: Int) -> Bool {
        entries.contains { $0.banner == banner }
    }

    /// Stores a rendered banner, evicting the least recently used one when full, but none of `keeping` (the
    /// banners on screen or about to be: while the display pans, nothing is drawn from the cache, so "recently
    /// used" says nothing about what is on screen). A banner outside `keeping` that only an evicted kept one could
    /// make room for is not stored.
    public mutating func insert(_ picture: BannerPicture, for banner: Int, keeping: [Int] = []) {
        clock += 1
        if let i = entries.firstIndex(where: { $0.banner == banner }) {
            entries[i] = (banner, picture, clock)
            return
        }
        if entries.count >= capacity {
            let evictable = entries.indices.filter { !keeping.contains(entries[$0].banner) }
            let candidates = evictable.isEmpty && keeping.contains(banner) ? Array(entries.indices) : evictable
            guard let oldest = candidates.min(by: { entries[$0].used < entries[$1].used }) else { return }
            entries.remove(at: oldest)
        }
        entries.append((banner, picture, clock))
    }

    /// Banners currently held (for tests and status).
    public var banners: [Int] { entries.map(\.banner).sorted() }

    /// Moves each picture to its banner's new index, dropping those `newIndex` maps to nil (banners gone).
    public mutating func renumber(_ newIndex: (Int) -> Int?) {
        entries = entries.compactMap { entry in newIndex(entry.banner).map { ($0, entry.picture, entry.used) } }
    }

    /// Drops everything (new content or a new size).
    public mutating func removeAll() {
        entries.removeAll(keepingCapacity: true)
    }
}
