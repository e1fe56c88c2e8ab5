import CLinuxEvents
import Glibc
import SystemCalls

/// SIGINT, SIGTERM and SIGHUP delivered as readable events on a descriptor (signalfd), so a signal arriving
/// mid-frame is handled between frames, in order, instead of interrupting drawing.
public final class SignalWatcher {
    /// The signals the appliance reacts to.
    public enum Signal: Equatable, Sendable {
        case interrupt, terminate, hangup
    }

    private let descriptor: OwnedDescriptor
    /// The descriptor's number, for the poll set.
    public var fileDescriptor: Int32 { descriptor.raw }

    /// Blocks the signals for normal delivery (they queue on the descriptor instead).
    public init() throws(SystemCallError) {
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in [SIGINT, SIGTERM, SIGHUP] { sigaddset(&mask, signal) }
        guard sigprocmask(SIG_BLOCK, &mask, nil) == 0 else { throw SystemCallError(call: "sigprocmask", errno: errno) }
        let fd = signalfd(-1, &mask, Int32(SFD_NONBLOCK | SFD_CLOEXEC))
        guard fd >= 0 else { throw SystemCallError(call: "signalfd", errno: errno) }
        descriptor = OwnedDescriptor(taking: fd)
    }

    /// The signals that arrived since the last call.
    public func take() -> [Signal] {
        var signals: [Signal] = []
        var info = signalfd_siginfo()
        while read(fileDescriptor, &info, MemoryLayout<signalfd_siginfo>.size) == MemoryLayout<signalfd_siginfo>.size {
            switch Int32(info.ssi_signo) {
            case SIGINT: signals.append(.interrupt)
            case SIGTERM: signals.append(.terminate)
            case SIGHUP: signals.append(.hangup)
            default: break
            }
        }
        return signals
    }
}
