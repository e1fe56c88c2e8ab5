import CarouselRendering
import DisplaySelection

/// Streamed banners (videos) on the display's overlay planes (issue 45): given to the presenter on screen when the
/// driver took the pair in a test commit (`Screen.videoPlanes`), taken back for good on this display when a frame
/// with them was refused (one log line and `ctl status`'s `video_planes`) or their memory could not be made (the
/// status asks the presenter).
extension OutputLoop {
    /// The presenter on screen plays its streamed banners on the screen's planes, or composes them.
    func giveVideoPlanes() {
        guard let screen, case .planes(let picture, let layer)? = screen.videoPlanes,
            let display = screen.device as? any OverlayScanout
        else {
            presenter.composeVideos()
            return
        }
        presenter.playVideos(onPlanes: picture, layer: layer, of: display)
    }

    /// A frame with the planes failed (`reason`): the loop composes every video on this display from now on (until it
    /// is opened again, `LoopWorld`); the log and the status say why.
    func stopVideoPlanes(_ reason: String) {
        guard case .connected(var current) = displayState, case .planes? = current.videoPlanes else { return }
        current.videoPlanesStopped(reason)
        displayState = .connected(current)
        Log.warning("video planes: \(reason); videos are composed")
        loop.sendStatus()
    }
}
