import MonotonicTime
import TVControl

/// The TV over HDMI-CEC beside the screen's power: turned on before the picture is lit and put in standby after
/// it is blanked, its answers read from the loop's poll.
extension OutputLoop {
    /// Opens this output's CEC adapter once, at its first display opened: the one its `[[output]]` table names, or
    /// `[cec] device`'s (`auto`: the adapter linked to this output's connector; a path: the first output's alone).
    func openTV(for screen: Screen) {
        guard tv == nil, !tvLookedFor else { return }
        tvLookedFor = true
        var cec = settings.cec
        cec.device = cec.device(forOutput: settings.ownCEC, first: loop.outputs.first === self)
        tv = TVLink.open(cec, output: connector, connector: screen.connector, lit: chores.lit)
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
