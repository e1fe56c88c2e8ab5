/// What one composition drew: sprites at their places over a colour, for a rotation and format. Enough to compose
/// the same pixels again on another thread (a screenshot), since sprites are never written after they are made.
public struct ComposedFrame: Sendable {
    public var background: Color
    public var placements: [Placement]
    public var rotation: Rotation
    public var format: PixelFormat

    public init(background: Color, placements: [Placement], rotation: Rotation, format: PixelFormat) {
        self.background = background
        self.placements = placements
        self.rotation = rotation
        self.format = format
    }
}
