import Raster

/// What became of a `present()`.
public enum PresentOutcome: Equatable, Sendable {
    /// A page flip was queued; its completion arrives on `pollDescriptor`.
    case queued
    /// The picture is on screen already (modeset, or fbdev copy).
    case shown
    /// A flip is still in flight (ours, or one the kernel still holds after it was retired as lost): present
    /// again later.
    case busy
}

/// A screen bannerd draws into: DRM/KMS dumb buffers or the fbdev fallback.
///
/// The frame loop draws into `backBuffer` (which may change after each present), calls `present()`, and waits on
/// `pollDescriptor` (if any) together with input, calling `handleReadable()` when it is readable.
public protocol ScanoutDevice: AnyObject {
    /// The scanout size (before rotation).
    var size: PixelSize { get }
    var format: PixelFormat { get }
    /// The buffer to draw the next frame into, nil while every buffer is busy.
    var backBuffer: PixelBuffer? { get }
    /// Shows the back buffer.
    func present() throws -> PresentOutcome
    /// A descriptor that becomes readable when a flip completes, nil when presents complete at once.
    var pollDescriptor: Int32? { get }
    /// Reads completion events; returns the pending flip's completion as the kernel reported it, nil if it has
    /// not completed (a stale event of a retired flip does not count).
    func handleReadable() throws -> FlipCompletion?
    /// The pending flip's completion when its event was read already, by another display sharing `pollDescriptor`
    /// (the outputs of one DRM card); nil if it has not completed.
    func takeFlipCompletion() -> FlipCompletion?
    /// When the pending flip becomes overdue (`PageFlipTracker.flipTimeout` after it was queued); nil when none
    /// is pending. The loop sleeps no longer than this.
    var flipDeadline: Duration? { get }
    /// Retires the pending flip as lost if its deadline has come at `now`; true when it did. The next present
    /// may still be refused (`.busy`) while the kernel holds the lost flip.
    func retireOverdueFlip(now: Duration) -> Bool
    /// How the frame loop should be paced.
    var pacing: PacingDecision { get }
    /// Turns the display's power on or off (DPMS, or fbdev blanking), for a screen schedule. While it is off
    /// nothing may be presented; after turning it on, present a fresh frame.
    func setPower(on: Bool) throws
    /// Drains the pending flip, restores what was on screen before, frees buffers. Safe to call twice.
    func shutdown()
}

extension ScanoutDevice {
    /// A display that shares its descriptor with none: every completion is read by `handleReadable`.
    public func takeFlipCompletion() -> FlipCompletion? { nil }
}
