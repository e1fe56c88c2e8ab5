import MonotonicTime
import TVControl

/// The TV over HDMI-CEC beside the screen's power: turned on before the picture is lit and put in standby after
/// it is blanked, its answers read from the loop's poll.
extension OutputLoop {
    /// Opens the CEC adapter for `screen` once: a configured path at start, `auto` at the first display opened
    /// (the adapter is found through the display's connector).
    /// The first output's alone: one TV per board is what `[cec]` configures.
    func openTV(for screen: Screen) {
        guard tv == nil, !tvLookedFor, loop.outputs.first === self else { return }
        tvLookedFor = true
        tv = TVLink.open(settings.cec, connector: screen.connector, lit: chores.lit)
    }

    /// Reads what the adapter has for bannerd; an adapter that cannot be read any more is closed, said in one line,
    /// and the screen's power is the display's alone from then on.
    func serviceTV(_ link: TVLink) {
        do {
            if try link.service(at: MonotonicClock.now()) { tvChanged() }
        } catch {
            Log.warning("HDMI-CEC off: \(error); the screen's power is the display's alone")
            tv = nil
            tvChanged()
        }
    }

    /// What the status and the metrics say of the TV changed.
    func tvChanged() {
        loop.metricsChanged()
        loop.sendStatus()
    }

    /// The TV switched with the screen: on first (a TV in standby shows nothing the display lights), off last.
    func switchTV(lit: Bool) {
        if tv?.setLit(lit, at: MonotonicClock.now()) == true { tvChanged() }
    }

    /// Why the screen shows the carousel or not.
    var screenStatus: ScreenStatus {
        ScreenStatus(
            hasDisplay: screen != nil, lit: chores.lit, wokenByTouch: chores.powerState == .woken,
            tvAnswering: tv?.control.failure == nil)
    }
}
