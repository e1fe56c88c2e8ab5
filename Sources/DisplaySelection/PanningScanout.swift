import Raster

/// A display that can show a screen-sized window of a strip (a scanout buffer larger than the screen) without a
/// pixel being copied: DRM/KMS by a `PanMethod`.
public protocol PanningScanout: ScanoutDevice {
    /// How this display pans; nil: it does not (the setting, or a driver not measured).
    var panMethod: PanMethod? { get }
    /// A black strip of `width`×`height` scanout pixels; returns its number.
    func addStrip(width: Int, height: Int) throws -> Int
    /// The memory of strip `number`, to draw into while `isStripOnScreen` is false; mapped while a copy is held.
    func stripMemory(_ number: Int) -> StripMemory
    /// Whether a window of strip `number` is on screen or in flight.
    func isStripOnScreen(_ number: Int) -> Bool
    /// Queues a flip to the window of strip `number` whose top-left corner is at `x`, `y` (scanout pixels), by
    /// `panMethod`; `.busy` while a flip is pending.
    func presentStrip(_ number: Int, x: Int, y: Int) throws -> PresentOutcome
}
