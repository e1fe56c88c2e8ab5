import RealModule

/// The tunable numbers of the carousel's look and feel, in points and seconds.
///
/// Defaults follow `shared/notes/carousel-feel.md`; a board profile or config file may change them.
public struct CarouselMetrics: Equatable, Sendable {
    /// Space between the screen edge and the centre banner, each side (points).
    public var horizontalInset: Double = 16
    /// Space between neighbouring banners (points). Each visible ear is `horizontalInset - gap` wide.
    public var gap: Double = 8
    /// Space above the banners (points).
    public var topInset: Double = 16
    /// Space below the banners (points).
    public var bottomInset: Double = 16
    /// Banner corner radius (points).
    public var cornerRadius: Double = 8

    /// Movement a contact must exceed before it becomes a drag, when the panel reports millimetres.
    public var slopMillimetres: Double = 2.5
    /// The same threshold for devices without a physical size (about 2.5 mm at 160 ppi).
    public var slopPoints: Double = 16
    /// Longest press that still counts as a tap.
    public var tapMaximumDuration: Duration = .milliseconds(400)

    /// Deceleration time constant: UIScrollView `.fast`, speed × 0.99 per millisecond, τ = −1/(1000·ln 0.99).
    public var decelerationTimeConstant: Double = -1 / (1000 * Double.log(0.99))
    /// Release speeds below this pick the nearest page without projection (points per second).
    public var flickThreshold: Double = 300
    /// Release speeds are clamped to this (points per second).
    public var maximumVelocity: Double = 8000
    /// Window of samples the velocity fit uses.
    public var velocityWindow: Duration = .milliseconds(100)
    /// A pause this long before lifting means the finger stopped: velocity 0.
    public var velocityPauseLimit: Duration = .milliseconds(40)

    /// Natural frequency of the critically damped snap spring (radians per second).
    public var snapFrequency: Double = 25
    /// The snap is done within this distance of the target (points)…
    public var snapRestDistance: Double = 0.5
    /// …and below this speed (points per second).
    public var snapRestSpeed: Double = 10
    /// A snap never runs longer than this.
    public var snapMaximumDuration: Duration = .milliseconds(600)
    /// A touch-down on a snap with less than this left to go treats the carousel as at rest (points).
    public var catchRestDistance: Double = 2

    /// Time a banner stays centred before autoplay advances (nil: autoplay off).
    public var autoplayInterval: Duration? = .seconds(5)

    /// Rubber-band stiffness for a single banner: displayed = (1 − 1/(x·k/W + 1))·W.
    public var rubberBandCoefficient: Double = 0.55

    public init() {}
}
