/// What a reload does with freshly loaded content: swap it in, or keep the banners on screen.
///
/// A broken update must not blank a screen that was showing good content: a manifest that cannot be read or
/// has a syntax error (a CMS that wrote half a file, a typo) keeps the last good banners; banners whose image
/// file is missing are left out and the rest swap in.
public enum ContentUpdate: Equatable, Sendable {
    /// Show `banners`; `skipped` are the ids left out because their image file cannot be used.
    case replace(banners: [Banner], skipped: [String])
    /// Keep the banners on screen; `reason` is one log line saying why.
    case keep(reason: String)

    /// The decision for `loaded` while `showing` is on screen; `imageUsable` says whether an image path is a
    /// readable regular file (a closure, so the decision stays testable without a file system).
    public static func decide(
        loaded: ContentLoadResult, showing: [Banner], imageUsable: (String) -> Bool
    ) -> ContentUpdate {
        if !loaded.isComplete, !showing.isEmpty {
            // The problems themselves are logged by the caller, one line each, before this line.
            return .keep(
                reason: "content update is broken (manifest unreadable or with a syntax error); "
                    + "keeping the \(showing.count) banner(s) shown")
        }
        var usable: [Banner] = []
        var skipped: [String] = []
        for banner in loaded.banners {
            if let path = banner.imagePath, !imageUsable(path) {
                skipped.append(banner.id)
            } else {
                usable.append(banner)
            }
        }
        if usable.isEmpty, !showing.isEmpty {
            return .keep(reason: "content update has no valid banner, keeping the \(showing.count) banner(s) shown")
        }
        return .replace(banners: usable, skipped: skipped)
    }
}
