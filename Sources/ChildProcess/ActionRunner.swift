import SystemCalls

/// Runs banners' tap actions without ever blocking the frame loop: at most `maximumRunning` at once, never a
/// banner's action twice at the same time, output collected line by line, exits reaped from the poll loop.
public final class ActionRunner {
    /// What happened to an action, for the log.
    public enum Event: Equatable, Sendable {
        /// The action started.
        case started(bannerID: String, pid: Int32)
        /// One line the action wrote to its standard output or error.
        case output(bannerID: String, line: String)
        /// The action ended.
        case exited(bannerID: String, status: ExitStatus)
    }

    /// Why a tap started nothing.
    public enum Refusal: Error, Equatable, CustomStringConvertible {
        /// The banner's action from an earlier tap is still running.
        case alreadyRunning(bannerID: String)
        /// `maximumRunning` actions are running.
        case tooMany(running: Int)
        /// The program could not be started.
        case spawnFailed(SystemCallError, argv: [String])

        public var description: String {
            switch self {
            case .alreadyRunning(let id): return "action of banner \(id) is still running; tap ignored"
            case .tooMany(let running): return "\(running) actions are running already; tap ignored"
            case .spawnFailed(let error, let argv):
                return "action \(argv.joined(separator: " ")) did not start: \(error)"
            }
        }
    }

    private struct Running {
        let bannerID: String
        let process: ChildProcess
        var lines = OutputLines()
    }

    /// The most actions running at once.
    public let maximumRunning: Int
    private let baseEnvironment: [String]
    private var running: [Running] = []

    /// A runner whose actions get `environment` (bannerd's own, less what belongs to bannerd's service
    /// alone) plus the banner's id and index.
    public init(environment: [String: String], maximumRunning: Int = 4) {
        self.maximumRunning = max(1, maximumRunning)
        // systemd's notification socket and watchdog are bannerd's: an action must not speak for it.
        let privateNames: Set<String> = ["NOTIFY_SOCKET", "WATCHDOG_USEC", "WATCHDOG_PID", "LISTEN_FDS", "LISTEN_PID"]
        baseEnvironment = environment.filter { !privateNames.contains($0.key) && !$0.key.hasPrefix("BANNERD_") }
            .map { "\($0.key)=\($0.value)" }.sorted()
    }

    /// The number of actions running.
    public var count: Int { running.count }

    /// Whether banner `bannerID`'s action is running.
    public func isRunning(bannerID: String) -> Bool { running.contains { $0.bannerID == bannerID } }

    /// The prefix of a banner's parameters in an action's environment: `offer` is `BANNERD_PARAM_OFFER`.
    public static let parameterPrefix = "BANNERD_PARAM_"

    /// Starts `argv` for the banner `bannerID` at `index`, with `BANNERD_BANNER_ID`, `BANNERD_BANNER_INDEX` and
    /// each of `parameters` (`BANNERD_PARAM_` and its name in capitals) in its environment; parameters are never
    /// arguments, so content cannot add an option the program would obey.
    public func start(
        _ argv: [String], bannerID: String, index: Int, parameters: [(name: String, value: String)] = []
    ) throws(Refusal) -> Event {
        if isRunning(bannerID: bannerID) { throw .alreadyRunning(bannerID: bannerID) }
        guard running.count < maximumRunning else { throw .tooMany(running: running.count) }
        let environment =
            baseEnvironment + ["BANNERD_BANNER_ID=\(bannerID)", "BANNERD_BANNER_INDEX=\(index)"]
            + parameters.map { "\(Self.parameterPrefix)\($0.name.uppercased())=\($0.value)" }
        do {
            let process = try ChildProcess(argv: argv, environment: environment)
            running.append(Running(bannerID: bannerID, process: process))
            return .started(bannerID: bannerID, pid: process.pid)
        } catch {
            throw .spawnFailed(error, argv: argv)
        }
    }

    /// Adds the descriptors to poll for reading: each action's output pipe and exit.
    public func appendPollDescriptors(to set: inout [Int32]) {
        for action in running {
            set.append(action.process.exitDescriptor)
            if let output = action.process.outputDescriptor { set.append(output) }
        }
    }

    /// Handles `fd` if it is one of the actions' descriptors; returns what happened (empty for another fd).
    public func handleReadable(_ fd: Int32) -> [Event] {
        guard
            let slot = running.firstIndex(where: {
                $0.process.exitDescriptor == fd || $0.process.outputDescriptor == fd
            })
        else { return [] }
        var events: [Event] = []
        var bytes: [UInt8] = []
        let open = running[slot].process.readOutput(into: &bytes)
        let id = running[slot].bannerID
        events += running[slot].lines.append(bytes).map { .output(bannerID: id, line: $0) }
        if !open, let rest = running[slot].lines.finish() { events.append(.output(bannerID: id, line: rest)) }
        guard let status = running[slot].process.reap() else { return events }
        // Exited: what it wrote is in the pipe already; a descendant still holding the pipe is not waited for.
        running[slot].process.closeOutput()
        if let rest = running[slot].lines.finish() { events.append(.output(bannerID: id, line: rest)) }
        events.append(.exited(bannerID: id, status: status))
        running.remove(at: slot)
        return events
    }
}
