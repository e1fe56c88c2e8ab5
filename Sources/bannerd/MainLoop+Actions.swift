import BannerContent
import CarouselEngine
import ChildProcess
import SystemCalls

/// Taps on the centre banner: its configured action runs in the background, its output goes to the log.
extension MainLoop {
    static func makeActionRunner() -> ActionRunner {
        ActionRunner(environment: processEnvironment())
    }

    func report(_ action: CarouselAction) {
        switch action {
        case .activated(let index):
            let banner = banners[index]
            Log.info("activated banner \(index) (\(banner.id))")
            // A name outside [actions] was reported when the content was loaded, and the banner kept no action.
            guard let action = banner.action, let argv = settings.actions[action.name] else { return }
            do {
                log(
                    try connections.actions.start(
                        argv, bannerID: banner.id, index: index,
                        parameters: action.parameters.map { ($0.name, $0.value) }))
            } catch {
                Log.warning("banner \(banner.id): \(error)")
            }
        case .tappedNeighbour(let index): Log.info("moving to banner \(index) (\(banners[index].id))")
        }
    }

    func log(_ event: ActionRunner.Event) {
        switch event {
        case .started(let id, let pid):
            Log.info("action of banner \(id) started (pid \(pid))")
        case .output(let id, let line):
            Log.info("action of banner \(id): \(line)")
        case .exited(let id, let status):
            let line = "action of banner \(id) ended with \(status)"
            if status.isSuccess { Log.info(line) } else { Log.warning(line) }
        }
    }
}
