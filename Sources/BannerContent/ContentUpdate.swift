/// What a reload does with freshly loaded content: swap it in, or keep the banners on screen.
///
/// A broken update must not blank a screen that was showing good content: a manifest that cannot be read or
/// has a syntax error (a CMS that wrote half a file, a typo) keeps the last good banners. Banners left with
/// nothing to show (their only content an image file that is missing) are left out and the rest swap in.
public enum ContentUpdate: Equatable, Sendable {
    /// Show `banners`; `skipped` are the ids left out because nothing of them could be shown.
    case replace(banners: [Banner], skipped: [String])
    /// Keep the banners on screen; `reason` is one log line saying why.
    case keep(reason: String)

    /// The decision for `loaded` while `showing` is on screen.
    public static func decide(loaded: ContentLoadResult, showing: [Banner]) -> ContentUpdate {
        if !loaded.isComplete, !showing.isEmpty {
            // The problems themselves are logged by the caller, one line each, before this line.
            return .keep(
                reason: "content update is broken (manifest unreadable or with a syntax error); "
                    + "keeping the \(showing.count) banner(s) shown")
        }
        var usable: [Banner] = []
        var skipped: [String] = []
        for banner in loaded.banners {
            // The loader drops a missing image (reported at its line); without text nothing would remain.
            if banner.artwork == .none, banner.title.isEmpty, banner.subtitle.isEmpty {
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
