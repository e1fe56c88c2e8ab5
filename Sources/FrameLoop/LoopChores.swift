import BannerdConfig
import WallClock

/// The appliance loop's decisions besides frames, without any I/O: when to look for a display while none is
/// connected, when to reload content after the directory changed, and when to switch the screen on or off for
/// the schedule. The loop passes the monotonic time, the local time (read only when a schedule needs it) and
/// what happened; it performs the effects returned and sleeps no later than `deadline`.
public struct LoopChores: Sendable {
    /// While no display is connected, look again this often: not every driver sends a udev event on plug-in
    /// (some panels and KVM switches do not), and nothing is on screen to disturb by probing.
    public static let probeInterval: Duration = .seconds(3)
    /// A content change is reloaded once the directory has been quiet this long: a sync job writes many files.
    public static let contentQuietTime: Duration = .milliseconds(300)

    /// What the loop must do, in this order.
    public enum Effect: Equatable, Sendable {
        /// Look for a display (none is connected).
        case probeDisplay
        /// Reload the content directory.
        case reloadContent
        /// The schedule's state changed (for the log and the status).
        case powerState(ScreenPower.State)
        /// Switch the display on or off (switched on, `LoopWorld.step` starts a fresh carousel on the same banner).
        case setPower(lit: Bool)
    }

    /// The schedule's policy.
    public private(set) var power: ScreenPower
    /// What the display was last switched to.
    public private(set) var lit = true
    /// The schedule's state when last looked at.
    public private(set) var powerState: ScreenPower.State = .on
    /// A content change was seen: reload then, unless another change pushes it later.
    public private(set) var reloadDue: Duration?
    /// When a display was last looked for.
    private var lastProbe: Duration

    /// Chores from `now` on, the screen lit as `schedule` (nil: always) allows.
    public init(schedule: ScreenSchedule?, now: Duration) {
        power = ScreenPower(schedule: schedule)
        lastProbe = now
    }

    /// Whether a schedule is set (only then is the local time needed).
    public var hasSchedule: Bool { power.schedule != nil }

    /// The content directory changed at `now`.
    public mutating func contentChanged(at now: Duration) {
        reloadDue = now + Self.contentQuietTime
    }

    /// The content was reloaded (on request): a pending debounced reload would only repeat it.
    public mutating func contentReloaded() {
        reloadDue = nil
    }

    /// A display was looked for at `now` (a udev event, or the probe effect).
    public mutating func probed(at now: Duration) {
        lastProbe = now
    }

    /// A display was connected at `now`, lit by its fresh modeset: what is due for it at once, before anything is
    /// drawn (outside the schedule's hours, switching it off again).
    public mutating func displayConnected(at now: Duration, local: @autoclosure () -> LocalTime) -> [Effect] {
        lit = true
        return step(at: now, local: local(), hasDisplay: true)
    }

    /// Input arrived: true when it only woke a dark screen and must not reach the carousel.
    public mutating func input(at now: Duration, local: @autoclosure () -> LocalTime) -> Bool {
        guard hasSchedule else { return false }
        return power.input(now: now, local: local())
    }

    /// What is due at `now`. `hasDisplay`: whether a display is connected.
    public mutating func step(at now: Duration, local: @autoclosure () -> LocalTime, hasDisplay: Bool) -> [Effect] {
        var effects: [Effect] = []
        if !hasDisplay, now - lastProbe >= Self.probeInterval {
            lastProbe = now
            effects.append(.probeDisplay)
        }
        if let due = reloadDue, now >= due {
            reloadDue = nil
            effects.append(.reloadContent)
        }
        let state = hasSchedule ? power.state(now: now, local: local()) : .on
        if state != powerState {
            powerState = state
            effects.append(.powerState(state))
        }
        if state.isLit != lit {
            lit = state.isLit
            effects.append(.setPower(lit: lit))
        }
        return effects
    }

    /// The latest time the loop may sleep until for the chores; nil: no chore is waiting.
    public func deadline(now: Duration, local: @autoclosure () -> LocalTime, hasDisplay: Bool) -> Duration? {
        var deadline = hasSchedule ? power.nextChange(now: now, local: local()) : nil
        if let reloadDue { deadline = min(deadline ?? reloadDue, reloadDue) }
        if !hasDisplay {
            let probe = lastProbe + Self.probeInterval
            deadline = min(deadline ?? probe, probe)
        }
        return deadline
    }
}
