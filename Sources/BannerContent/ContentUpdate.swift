/// What a reload does with freshly loaded content: swap it in, or keep the banners on screen.
///
/// A broken update must not blank a screen that was showing good content: a manifest that cannot be read or
/// has a syntax error (a CMS that wrote half a file, a typo) keeps the last good banners. Banners left with
/// nothing to show (their only content an image file that is missing) are left out and the rest swap in.
public enum ContentUpdate: Equatable, Sendable {
    /// Show `banners`; `skipped` are the ids left out because nothing of them could be shown.
    case replace(banners: BannerList, skipped: [String])
    /// Keep the banners on screen; `reason` is one log line saying why.
    case keep(reason: String)

    /// The decision for `loaded` while `showing` is on screen.
    public static func decide(loaded: ContentLoadResult, showing: BannerList) -> ContentUpdate {
        if !loaded.isComplete, !showing.isEmpty {
            // The problems themselves are logged by the caller, one line each, before this line.
            return .keep(
                reason: "content update is broken (manifest unreadable or with a syntax error); "
                    + "keeping the \(showing.count) banner(s) shown")
        }
        // The loader drops a missing image (reported at its line); without text nothing would remain.
        func isBlank(_ banner: Banner) -> Bool {
            banner.artwork == .none && banner.title.isEmpty && banner.subtitle.isEmpty
        }
        let skipped = loaded.banners.filter(isBlank).map(\.id)
        // Copied only when some are left out: usually the loaded list is shown as it is.
        let usable = skipped.isEmpty ? loaded.banners : BannerList(loaded.banners.lazy.filter { !isBlank($0) })
        if usable.isEmpty, !showing.isEmpty {
            return .keep(reason: "content update has no valid banner, keeping the \(showing.count) banner(s) shown")
        }
        return .replace(banners: usable, skipped: skipped)
    }
}
