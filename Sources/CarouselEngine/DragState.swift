/// What the driving contact is doing.
struct DragState: Sendable {
    enum Mode: Sendable {
        /// Down, not yet past the slop: may still become a tap or a drag.
        case pending
        /// Moving the carousel 1:1.
        case dragging
        /// Crossed the slop mostly vertically: ignored until it lifts.
        case ignored
    }

    var contact: ContactID
    var mode: Mode
    /// Caught a moving carousel: never becomes a tap.
    var caught: Bool
    /// Whether the contact has moved past the slop since it started driving.
    var passedSlop: Bool
    var startPosition: PixelPoint
    var startMillimetres: MillimetrePoint?
    var startTime: Duration
    /// The page the gesture began on; a release moves at most one page from it.
    var startPage: Int
    /// Finger x (pixels) at which the carousel was at `anchorScroll`.
    var anchorX: Double
    /// Scroll position (points) at the anchor; for a lone banner, the raw (un-banded) drag distance.
    var anchorScroll: Double
}
