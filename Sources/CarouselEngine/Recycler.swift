/// The endless-scrolling trick with three views: left, centre and right.
///
/// The views sit at pages `centerPage − 1`, `centerPage`, `centerPage + 1`. When the scroll position
/// passes half a page beyond the centre page, the strip is moved one page on (the viewport offset inside
/// the strip moves back by one page) and the view that fell off one side is rebound to the banner
/// entering on the other side: 1-2-3 becomes 2-3-1. Views keep their absolute page across the move,
/// so nothing on screen shifts. Nothing here grows with the number of banners.
public struct Recycler: Equatable, Sendable {
    /// Number of banners; at least 1.
    public let count: Int
    /// The page the centre view shows.
    public private(set) var centerPage: Int
    /// Physical view for each role, indexed by `role.rawValue + 1`.
    private var viewForRole: (Int, Int, Int) = (0, 1, 2)
    /// Banner bound to each physical view.
    private var bannerOfView: (Int, Int, Int) = (0, 0, 0)
    /// Views rebound since creation: one per rebase, never more (and one per `rebindNext`).
    public private(set) var rebindCount = 0
    /// A page where banner 0 sits: pages repeat every `count` from it. Moved only by `rebindNext`.
    private var origin = 0

    /// Creates the three views around `page`.
    public init(count: Int, page: Int) {
        precondition(count >= 1)  // invariant: the engine never builds a recycler for no banners
        self.count = count
        self.centerPage = page
        for role in ViewRole.allCases { bind(view(for: role), page: page + role.rawValue) }
        rebindCount = 0
    }

    /// The banner index shown at an absolute page: the bound banner for the three views' pages, else the banner
    /// the page brings in when a view is bound to it (pages repeat every `count`).
    public func banner(atPage page: Int) -> Int {
        switch page - centerPage {
        case -1: return banner(for: .left)
        case 0: return banner(for: .center)
        case 1: return banner(for: .right)
        default: return mapped(page)
        }
    }

    /// Binds the right view to `banner`, with every page after it following on in order; the centre and left
    /// views keep theirs. So a carousel that left the wall clock's timeline slides back onto it with one normal
    /// slide (`WallTimeline`): only the right neighbour's ear changes, as the slide begins.
    public mutating func rebindNext(to banner: Int) {
        precondition((0..<count).contains(banner))  // invariant: the carousel passes one of its own banners
        origin = centerPage + 1 - banner
        bind(view(for: .right), page: centerPage + 1)
    }

    /// The banner a view bound to `page` shows: pages repeat every `count` from `origin`.
    private func mapped(_ page: Int) -> Int {
        let r = (page - origin) % count
        return r < 0 ? r + count : r
    }

    /// The physical view playing `role`.
    public func view(for role: ViewRole) -> Int {
        switch role {
        case .left: return viewForRole.0
        case .center: return viewForRole.1
        case .right: return viewForRole.2
        }
    }

    /// The banner bound to the view playing `role`.
    public func banner(for role: ViewRole) -> Int {
        bannerBound(toView: view(for: role))
    }

    /// The banner bound to a physical view (0, 1 or 2).
    public func bannerBound(toView view: Int) -> Int {
        switch view {
        case 0: return bannerOfView.0
        case 1: return bannerOfView.1
        default: return bannerOfView.2
        }
    }

    /// Where the viewport is inside the three-page strip, in points: `pageStep` when centred.
    public func stripOffset(position: Double, pageStep: Double) -> Double {
        position - Double(centerPage - 1) * pageStep
    }

    /// Re-centres the strip on `position`, as many pages as needed (a fast drag may pass several in
    /// one frame). Returns the number of pages moved, positive forwards.
    @discardableResult
    public mutating func recenter(position: Double, pageStep: Double) -> Int {
        var moved = 0
        while position - Double(centerPage) * pageStep > pageStep / 2 {
            // Forwards: the left view falls off and re-enters on the right.
            centerPage += 1
            viewForRole = (viewForRole.1, viewForRole.2, viewForRole.0)
            bind(viewForRole.2, page: centerPage + 1)
            moved += 1
        }
        while position - Double(centerPage) * pageStep < -pageStep / 2 {
            centerPage -= 1
            viewForRole = (viewForRole.2, viewForRole.0, viewForRole.1)
            bind(viewForRole.0, page: centerPage - 1)
            moved -= 1
        }
        return moved
    }

    /// Moves every page number by `pages` (a whole multiple of `count`), so the same banners stay bound.
    /// Used to keep the scroll position bounded while at rest.
    public mutating func shift(byPages pages: Int) {
        precondition(pages % count == 0)  // invariant: only whole cycles keep the bindings valid
        centerPage += pages
    }

    private mutating func bind(_ view: Int, page: Int) {
        let banner = mapped(page)
        switch view {
        case 0: bannerOfView.0 = banner
        case 1: bannerOfView.1 = banner
        default: bannerOfView.2 = banner
        }
        rebindCount += 1
    }
}

extension Recycler {
    public static func == (lhs: Recycler, rhs: Recycler) -> Bool {
        lhs.count == rhs.count && lhs.centerPage == rhs.centerPage && lhs.origin == rhs.origin
            && lhs.viewForRole == rhs.viewForRole
            && lhs.bannerOfView == rhs.bannerOfView && lhs.rebindCount == rhs.rebindCount
    }
}
