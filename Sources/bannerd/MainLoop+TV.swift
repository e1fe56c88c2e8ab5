import MonotonicTime
import TVControl

/// The TV over HDMI-CEC beside the screen's power: turned on before the picture is lit and put in standby after
/// it is blanked, its answers read from the loop's poll.
extension MainLoop {
    /// Opens the CEC adapter for `screen` once: a configured path at start, `auto` at the first display opened
    /// (the adapter is found through the display's connector).
    func openTV(for screen: Screen) {
        guard tv == nil, !tvLookedFor else { return }
        tvLookedFor = true
        tv = TVLink.open(settings.cec, connector: screen.connector, lit: chores.lit)
    }

    /// What the status and the metrics say of the TV changed.
    func tvChanged() {
        metricsChanged()
        sendStatus()
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
