import CGlibcMalloc

/// How the process's heap treats banner-sized bitmaps, for a player that reloads content for months.
///
/// glibc raises its mmap threshold each time a large mapped block is freed; after the first few sprites are
/// dropped, later bitmaps (1–8 MB each) come from the heap instead, fragment it and stay resident after they are
/// freed: an hour of reloads grew a soak's RSS by tens of MB. A fixed threshold keeps every block of 128 KiB or
/// more in its own mapping, returned to the system the moment it is freed.
public enum HeapPolicy {
    /// Pins the mmap threshold; call once at start, before any bitmap is allocated.
    public static func apply() {
        _ = mallopt(M_MMAP_THRESHOLD, 128 * 1024)
    }

    /// Gives freed heap pages back to the system, after a large transient allocation such as parsing a manifest
    /// of thousands of banners.
    public static func releaseFreedMemory() {
        _ = malloc_trim(0)
    }
}
