/// How long a picture waits for its banners to be rendered (the first frame, new content taking over), counted
/// from the last banner rendered rather than from the start: a slow board is slow, not stuck, and may take long
/// for a few photos (the QEMU board, its one emulated CPU shared with another guest and a build, took over 30 s
/// for three of 1920x1080), so the wait lasts as long as rendering goes on. A banner that never renders holds
/// the picture back no longer than this after the last one that did; then it shows with a placeholder.
public enum RenderingPatience {
    public static let sinceLastBanner: Duration = .seconds(30)
}
