/// Chooses the page a released carousel settles on.
///
/// Slow releases pick the nearest page. Faster ones project where a UIScrollView `.fast` deceleration
/// would stop (position + v·τ) and round that, moving at least one page in the flick's direction.
/// The result stays within one page of where the gesture started, so one gesture moves one banner.
public struct ReleasePlanner: Sendable {
    public let metrics: CarouselMetrics

    public init(metrics: CarouselMetrics) {
        self.metrics = metrics
    }

    /// The target page for a release at `position` (points) with `velocity` (points per second),
    /// for a gesture that began on `startPage`.
    public func targetPage(position: Double, velocity: Double, pageStep: Double, startPage: Int) -> Int {
        let p = position / pageStep
        var target: Int
        if abs(velocity) < metrics.flickThreshold {
            target = Int(p.rounded())
        } else {
            let projected = p + velocity * metrics.decelerationTimeConstant / pageStep
            target = Int(projected.rounded())
            if velocity > 0 {
                target = max(target, Int(p.rounded(.down)) + 1)
            } else {
                target = min(target, Int(p.rounded(.up)) - 1)
            }
        }
        return min(max(target, startPage - 1), startPage + 1)
    }

    /// Clamps a release speed to the configured maximum.
    public func clamp(velocity: Double) -> Double {
        min(max(velocity, -metrics.maximumVelocity), metrics.maximumVelocity)
    }
}
