/// What the loop says once and must not say again: READY=1 to systemd, and warnings whose cause comes back (a disk
/// that fails every write must not fill the journal).
struct SaidOnce {
    private var ready = false
    private var warnings: Set<String> = []

    /// True the first time only: READY=1 is due.
    mutating func readyFirst() -> Bool {
        defer { ready = true }
        return !ready
    }

    /// Logs `line` as a warning the first time it comes.
    mutating func warn(_ line: String) {
        if warnings.insert(line).inserted { Log.warning(line) }
    }
}
