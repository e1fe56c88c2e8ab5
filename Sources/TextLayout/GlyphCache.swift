/// Rendered glyphs keyed by (font, glyph, pixel size), so each glyph is rasterised once per size.
///
/// Bounded: when full it is emptied and refilled, which is simple and fine for signage where a handful of
/// strings repeat; a long-running player must not grow without limit on changing content.
public final class GlyphCache {
    /// What identifies one cached glyph.
    public struct Key: Hashable, Sendable {
        /// The face, by identity.
        public var font: ObjectIdentifier
        public var glyph: UInt32
        public var pixelSize: Int
    }

    /// Most glyphs kept before the cache is cleared.
    public let capacity: Int
    private var entries: [Key: GlyphImage] = [:]
    /// Faces with entries, held so an `ObjectIdentifier` in a key can never be reused by a new face.
    private var faces: [ObjectIdentifier: any FontFace] = [:]
    /// Lookups answered without rendering (for tests and statistics).
    public private(set) var hits = 0
    /// Glyphs rendered through the face.
    public private(set) var misses = 0
    /// Glyphs a face could not render (a corrupt font), not asked for again.
    private var failed: Set<Key> = []
    /// The faces that failed to render a glyph since `takeFailures` was last called, by name.
    private var failedFaces: [String] = []

    /// An empty cache holding at most `capacity` glyphs.
    public init(capacity: Int = 4096) {
        self.capacity = max(1, capacity)
    }

    /// Number of glyphs held.
    public var count: Int { entries.count }

    /// The glyph from the cache, or rendered by `face` and remembered.
    public func glyph(_ index: UInt32, of face: any FontFace, pixelSize: Int) -> GlyphImage? {
        let key = Key(font: ObjectIdentifier(face), glyph: index, pixelSize: pixelSize)
        if let hit = entries[key] {
            hits += 1
            return hit
        }
        guard !failed.contains(key) else { return nil }
        misses += 1
        if entries.count + failed.count >= capacity {
            entries.removeAll(keepingCapacity: true)
            faces.removeAll(keepingCapacity: true)
            failed.removeAll(keepingCapacity: true)
        }
        faces[key.font] = face
        guard let image = face.glyph(index, pixelSize: pixelSize) else {
            failed.insert(key)
            if !failedFaces.contains(face.name) { failedFaces.append(face.name) }
            return nil
        }
        entries[key] = image
        return image
    }

    /// The names of the faces that could not render a glyph since the last call (for a log line naming the
    /// banner being drawn), then forgets them.
    public func takeFailures() -> [String] {
        defer { failedFaces.removeAll() }
        return failedFaces
    }
}
