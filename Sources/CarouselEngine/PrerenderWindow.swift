/// The banners pre-rendering keeps ready around a carousel: the page it rests on, or the one a snap heads for,
/// and two either side. The presenter renders them and the loop waits for them before staged content takes over;
/// both read them here, so the two can never disagree on which banners "ready" means.
public enum PrerenderWindow {
    /// Offsets from the centre page, nearest first, the banner autoplay brings in next before the one behind.
    public static let offsets = [0, 1, -1, 2, -2]

    /// The current page, or the one a snap heads for.
    public static func centre(of carousel: Carousel) -> Int {
        carousel.activeSnap.map { Int(($0.target / carousel.layout.pageStep).rounded()) } ?? carousel.nearestPage
    }

    /// Sets `banners` to the window's banners around `carousel`, each once, nearest first; in place (called every
    /// frame step: no allocation once `banners` has room for seven).
    public static func fill(_ banners: inout [Int], around carousel: Carousel) {
        banners.removeAll(keepingCapacity: true)
        guard let recycler = carousel.recycler else { return }
        let page = centre(of: carousel)
        for offset in offsets {
            let banner = recycler.banner(atPage: page + offset)
            if !banners.contains(banner) { banners.append(banner) }
        }
        // Back onto the wall clock's timeline, autoplay may bring in another banner than the right neighbour: it and
        // the ear beside it are readied too, so the slide begins on time.
        if let target = carousel.autoplayTarget {
            if !banners.contains(target) { banners.append(target) }
            let ear = (target + 1) % carousel.count
            if !banners.contains(ear) { banners.append(ear) }
        }
    }

    /// Whether every banner of the window around `carousel` is rendered: the carousel can show them and move a
    /// page or two either way without a placeholder.
    public static func isReady(around carousel: Carousel, isRendered: (Int) -> Bool) -> Bool {
        guard let recycler = carousel.recycler else { return true }
        let page = centre(of: carousel)
        return offsets.allSatisfy { isRendered(recycler.banner(atPage: page + $0)) }
    }
}
