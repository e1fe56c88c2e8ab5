import Raster

/// Built-in banners generated in code, shown when no content directory is configured or it holds nothing, so
/// a freshly installed appliance shows a working carousel.
public enum DemoContent {
    /// The demo banners: a few gradients and patterns, one light enough to need the text scrim, and titles in
    /// several scripts: Cyrillic, CJK, Devanagari and Thai through the font chain and fontconfig's fallback, and
    /// Arabic set right to left against the right edge.
    public static let banners: BannerList = [
        Banner(
            id: "demo-welcome", title: "Welcome to bannerd", subtitle: "Swipe, or wait: the carousel moves on its own",
            artwork: .pattern(.diagonalGradient(Color(rgb: 0x1E_3C72), Color(rgb: 0x2A_5298)))),
        Banner(
            id: "demo-content", title: "Add your own banners",
            subtitle: "Put PNG or JPEG files in the content directory, or write banners.toml",
            artwork: .pattern(.stripes(Color(rgb: 0x0F_5E_4B), Color(rgb: 0x13_7A_61), widthPoints: 24))),
        Banner(
            id: "demo-light", title: "Readable on light pictures",
            subtitle: "A scrim and a soft shadow keep white text legible",
            artwork: .pattern(.diagonalGradient(Color(rgb: 0xFF_F8_E1), Color(rgb: 0xFF_E0_82)))),
        Banner(
            id: "demo-scripts", title: "Привет · 你好 · नमस्ते · สวัสดี",
            subtitle: "Every script shaped by HarfBuzz, fonts found by fontconfig",
            artwork: .pattern(.rings(Color(rgb: 0x6A_1B_9A), Color(rgb: 0x12_00_2E), widthPoints: 20))),
        Banner(
            id: "demo-arabic", title: "أهلاً وسهلاً بكم", subtitle: "نص من اليمين إلى اليسار، مع أرقام 2026",
            artwork: .pattern(.diagonalGradient(Color(rgb: 0x00_4D_40), Color(rgb: 0x00_79_6B)))),
        Banner(
            id: "demo-check", title: "bannerd check --content DIR",
            subtitle: "Lists every problem in a content directory before you deploy it",
            artwork: .pattern(.checker(Color(rgb: 0x37_47_4F), Color(rgb: 0x45_5A_64), cellPoints: 32))),
    ]
}
