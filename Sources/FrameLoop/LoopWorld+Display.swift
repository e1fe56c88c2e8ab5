/// Displays coming and going, the same in `MainLoop` and the tests' simulated world: a world says how it finds,
/// opens and closes its display (the hooks in `LoopWorld`); the order is here.
extension LoopWorld {
    /// Looks at the display again (udev said a connector changed, or `LoopChores`' probe was due): one found
    /// unplugged is closed and the loop carries on without it; one found again is drawn anew, its pacing followed,
    /// and the schedule applies to it before anything is drawn (its modeset lit it).
    public func reprobeDisplay(at now: Duration) {
        chores.probed(at: now)
        if scanout != nil {
            closeDisplayIfUnplugged()
            return
        }
        guard let display = openDisplay() else { return }
        let timerPacing = frames.followPacing(of: display)
        displayOpened(timerPacing: timerPacing)
        for effect in chores.displayConnected(at: now, local: localTime()) { perform(effect) }
    }
}
