import BannerContent
import CarouselEngine

/// Taps on this output's centre banner: its configured action runs in the background (`MainLoop+Actions`).
extension OutputLoop {
    func report(_ action: CarouselAction) {
        switch action {
        case .activated(let index):
            let banner = banners[index]
            Log.info("activated banner \(index) (\(banner.id))")
            // A name outside [actions] was reported when the content was loaded, and the banner kept no action.
            guard let action = banner.action, let argv = settings.actions[action.name] else { return }
            do {
                loop.log(
                    try loop.connections.actions.start(
                        argv, bannerID: banner.id, index: index,
                        parameters: action.parameters.map { ($0.name, $0.value) }))
            } catch {
                Log.warning("banner \(banner.id): \(error)")
            }
        case .tappedNeighbour(let index): Log.info("moving to banner \(index) (\(banners[index].id))")
        }
    }
}
