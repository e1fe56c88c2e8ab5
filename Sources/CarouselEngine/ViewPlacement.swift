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
public struct VisibleViews: Equatable, Sendable {
    public var left: ViewPlacement?
    public var center: ViewPlacement?
    public var right: ViewPlacement?

    public init(left: ViewPlacement? = nil, center: ViewPlacement? = nil, right: ViewPlacement? = nil) {
        self.left = left
        self.center = center
        self.right = right
    }

    /// Calls `body` for each visible view, left to right.
    public func forEach(_ body: (ViewPlacement) throws -> Void) rethrows {
        if let left { try body(left) }
        if let center { try body(center) }
        if let right { try body(right) }
    }

    /// The placement of a physical view, if it is visible.
    public func placement(ofView view: Int) -> ViewPlacement? {
        if left?.view == view { return left }
        if center?.view == view { return center }
        if right?.view == view { return right }
        return nil
    }
}
