import RealModule

/// A critically damped spring that carries the scroll position to a page, evaluated in closed form.
///
/// With x = position − target, x(t) = (x0 + (v0 + ω·x0)·t)·e^(−ωt). A critically damped spring
/// crosses the target only when it starts moving towards it faster than ω·|x0|, so such a start
/// velocity is clamped to that: the snap never overshoots. Evaluated at each frame's time rather than
/// integrated, so a dropped frame changes nothing about where it is.
public struct SnapSpring: Equatable, Sendable {
    /// Target position in points.
    public let target: Double
    /// Offset from the target at the start (points).
    public let startOffset: Double
    /// Velocity at the start (points per second), after clamping.
    public let startVelocity: Double
    /// When the snap started.
    public let startTime: Duration
    private let frequency: Double

    /// Starts a snap from `position` moving at `velocity` towards `target`.
    public init(from position: Double, velocity: Double, to target: Double, at time: Duration, frequency: Double) {
        let x0 = position - target
        var v0 = velocity
        let limit = frequency * abs(x0)
        // Velocity pointing at the target (opposite sign to x0) is limited so the spring cannot cross it.
        if v0 * x0 < 0, abs(v0) > limit { v0 = v0 < 0 ? -limit : limit }
        if x0 == 0 { v0 = 0 }
        self.target = target
        self.startOffset = x0
        self.startVelocity = v0
        self.startTime = time
        self.frequency = frequency
    }

    /// Position (points) and velocity (points per second) at `time`.
    public func state(at time: Duration) -> (position: Double, velocity: Double) {
        let t = max(0, (time - startTime).seconds)
        let w = frequency
        let b = startVelocity + w * startOffset
        let decay = Double.exp(-w * t)
        let x = (startOffset + b * t) * decay
        let v = (startVelocity - w * b * t) * decay
        return (target + x, v)
    }
}
