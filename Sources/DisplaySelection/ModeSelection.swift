/// Orders a connector's modes into the list bannerd tries, first to last, when a modeset fails.
///
/// Order: the configured mode → the connector's preferred mode → the CRTC's current mode → the rest, largest
/// first, then highest refresh, progressive before interlaced. The driver's order (modes[0]) is never trusted.
public enum ModeSelection {
    /// The candidates, without duplicates. `current` is the CRTC's active mode, which may be missing from the
    /// connector's list (a firmware mode) and is still worth trying.
    public static func candidates(modes: [ModeInfo], requested: ModeRequest?, current: ModeInfo?) -> [ModeInfo] {
        var ordered: [ModeInfo] = []
        func add(_ mode: ModeInfo) {
            if !ordered.contains(mode) { ordered.append(mode) }
        }
        let byPreference = modes.sorted(by: isBetter)
        if let requested {
            // Among matching modes the preferred one wins, then the usual order.
            let matching = byPreference.filter { requested.matches($0) }
            for mode in matching.filter(\.isPreferred) { add(mode) }
            for mode in matching { add(mode) }
        }
        for mode in modes where mode.isPreferred { add(mode) }
        if let current, current.width > 0, current.height > 0 { add(current) }
        for mode in byPreference { add(mode) }
        return ordered
    }

    /// Whether the configured request matched any of the connector's modes (to warn once when it did not).
    public static func requestIsAvailable(_ requested: ModeRequest, in modes: [ModeInfo]) -> Bool {
        modes.contains { requested.matches($0) }
    }

    /// Largest area first, then highest refresh, progressive before interlaced.
    static func isBetter(_ lhs: ModeInfo, _ rhs: ModeInfo) -> Bool {
        if lhs.isInterlaced != rhs.isInterlaced { return !lhs.isInterlaced }
        let lhsArea = lhs.width * lhs.height
        let rhsArea = rhs.width * rhs.height
        if lhsArea != rhsArea { return lhsArea > rhsArea }
        return (lhs.refreshMillihertz ?? 0) > (rhs.refreshMillihertz ?? 0)
    }
}
