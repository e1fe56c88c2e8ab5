/// The three roles a banner view plays; the raw value is its page offset from the centre.
public enum ViewRole: Int, CaseIterable, Sendable {
    case left = -1
    case center = 0
    case right = 1
}

/// One banner view as it appears in a frame.
public struct ViewPlacement: Equatable, Sendable {
    /// Which of the three physical views (0, 1, 2) this is; a renderer caches pre-rendered content by it.
    public var view: Int
    /// The role the view plays this frame.
    public var role: ViewRole
    /// The banner (index into the content list) bound to the view.
    public var banner: Int
    /// The absolute page the view shows (pages repeat every banner count).
    public var page: Int
    /// Left and top edges in viewport pixels (may be negative or past the right edge: clip when drawing).
    public var x: Int
    public var y: Int
}

/// The views visible in one frame, left to right, without allocating.
public struct VisibleViews: Equatable, Sendable, Sequence {
    public var left: ViewPlacement?
    public var center: ViewPlacement?
    public var right: ViewPlacement?

    public init(left: ViewPlacement? = nil, center: ViewPlacement? = nil, right: ViewPlacement? = nil) {
        self.left = left
        self.center = center
        self.right = right
    }

    /// The placement of a physical view, if it is visible.
    public func placement(ofView view: Int) -> ViewPlacement? {
        if left?.view == view { return left }
        if center?.view == view { return center }
        if right?.view == view { return right }
        return nil
    }

    /// Iterates the visible views left to right.
    public struct Iterator: IteratorProtocol {
        private let views: VisibleViews
        private var role = -1

        init(_ views: VisibleViews) {
            self.views = views
        }

        public mutating func next() -> ViewPlacement? {
            while role <= 1 {
                defer { role += 1 }
                let view: ViewPlacement? =
                    switch role {
                    case -1: views.left
                    case 0: views.center
                    default: views.right
                    }
                if let view { return view }
            }
            return nil
        }
    }

    public func makeIterator() -> Iterator { Iterator(self) }
}
