/// How much memory one animated banner's frames may keep: each frame is the whole banner at its on-screen size,
/// so the bound is a number of frames that falls as the screen grows. The presenter keeps five banners (the
/// carousel's window), so five animations at most hold five times this.
public enum AnimationBudget {
    /// Bytes of frames one banner keeps.
    public static let bytesPerBanner = 48 << 20

    /// The most frames `bytes` keep for a banner of `width × height` pixels (four bytes each), at least one.
    public static func frames(width: Int, height: Int, bytes: Int = bytesPerBanner) -> Int {
        max(1, bytes / max(1, width * height * 4))
    }
}
