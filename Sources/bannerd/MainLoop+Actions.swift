import BannerContent
import CarouselEngine
import ChildProcess
import SystemCalls

/// Taps on the centre banner: its configured action runs in the background, its output goes to the log.
extension MainLoop {
    static func makeActionRunner() -> ActionRunner {
        ActionRunner(environment: processEnvironment())
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
