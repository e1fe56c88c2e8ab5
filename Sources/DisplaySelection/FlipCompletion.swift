/// A page flip's completion as the kernel reports it.
public struct FlipCompletion: Equatable, Sendable {
    /// When the flip completed, on the monotonic clock: the blank, where the display has one.
    public let time: Duration
    /// The CRTC's vertical-blank counter at the completion. Drivers without a vblank interrupt (bochs,
    /// virtio-gpu, simpledrm) have no counter: the kernel fakes their events, with 0 here, at whatever moment
    /// the flip happened.
    public let sequence: UInt32

    public init(time: Duration, sequence: UInt32) {
        self.time = time
        self.sequence = sequence
    }
}
