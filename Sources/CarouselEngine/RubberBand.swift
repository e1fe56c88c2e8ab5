/// The resistance a lone banner shows when dragged: it follows the finger less and less.
///
/// displayed = (1 − 1/(x·c/W + 1))·W for a drag of x points on a viewport W points wide; the
/// inverse lets a finger catch a banner that is springing back without a jump.
public struct RubberBand: Sendable {
    public let width: Double
    public let coefficient: Double

    public init(width: Double, coefficient: Double) {
        self.width = width
        self.coefficient = coefficient
    }

    /// Displayed offset for a raw drag distance (points, either sign).
    public func displayed(forDrag distance: Double) -> Double {
        let x = abs(distance)
        let d = (1 - 1 / (x * coefficient / width + 1)) * width
        return distance < 0 ? -d : d
    }

    /// The raw drag distance that shows as `displayed`; the inverse of `displayed(forDrag:)`.
    public func drag(forDisplayed displayed: Double) -> Double {
        let d = min(abs(displayed), width * 0.999_999)
        let x = (width / coefficient) * (1 / (1 - d / width) - 1)
        return displayed < 0 ? -x : x
    }
}
