/// Whether the display is hung, for the systemd watchdog: a hung display must stop the pings so that systemd
/// restarts bannerd (and, past the unit's start limit, the board), while a driver that merely drops an event now
/// and then must never cause a restart.
///
/// The display is hung when frames were wanted and no page flip completed for `hungAfter`, with at least
/// `failuresToHang` failures in a row in that time: flips retired as lost, or presents refused because the
/// kernel still held one. A single lost event at rest (nothing asks for frames afterwards) never hangs it; a
/// driver whose flips never complete hangs it `hungAfter` after its first lost flip while the carousel moves.
public struct DisplayHealth: Equatable, Sendable {
    /// How long flips may fail in a row before the display counts as hung; with the unit's `WatchdogSec=15` and
    /// pings every 7.5 s, systemd restarts bannerd within about 20 s of a hang.
    public static let hungAfter: Duration = .seconds(5)
    /// Failures in a row needed as well: a lost flip or two separated by a quiet carousel are not a hang.
    public static let failuresToHang = 3

    /// When the current run of failures began; nil after a completed flip.
    public private(set) var failingSince: Duration?
    /// Failures since the last completed flip.
    public private(set) var failuresInRow = 0

    public init() {}

    /// A flip completed (or a present was shown at once): the display works.
    public mutating func flipCompleted() {
        failingSince = nil
        failuresInRow = 0
    }

    /// A flip was retired as lost, or a present refused, at `now`.
    public mutating func flipFailed(at now: Duration) {
        if failingSince == nil { failingSince = now }
        failuresInRow += 1
    }

    /// Whether the display counts as hung at `now`.
    public func isHung(at now: Duration) -> Bool {
        guard let failingSince, failuresInRow >= Self.failuresToHang else { return false }
        return now - failingSince >= Self.hungAfter
    }
}
