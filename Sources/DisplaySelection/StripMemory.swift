import Raster

/// A strip's pixels, and the owner of the memory they are in: whoever holds this value keeps that memory mapped.
/// A composition of a strip off the loop (`StripJob`) holds it, so the memory it writes into cannot be unmapped
/// under it, however the display's shutdown and the strip thread's stop are ordered.
public struct StripMemory {
    /// The strip's pixels, to draw into while no window of it is on screen or in flight.
    public let pixels: PixelBuffer
    /// What keeps `pixels` valid (the display's mapping of the strip); released with the last copy of this value.
    private let owner: AnyObject

    public init(pixels: PixelBuffer, owner: AnyObject) {
        self.pixels = pixels
        self.owner = owner
    }
}
