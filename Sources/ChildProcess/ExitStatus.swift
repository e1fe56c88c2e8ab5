/// How a child process ended.
public enum ExitStatus: Equatable, Sendable, CustomStringConvertible {
    /// It called exit with this status.
    case exited(Int32)
    /// A signal ended it.
    case signalled(Int32)

    /// Whether it exited with status 0.
    public var isSuccess: Bool { self == .exited(0) }

    /// "exit status N" or "signal N".
    public var description: String {
        switch self {
        case .exited(let code): return "exit status \(code)"
        case .signalled(let signal): return "signal \(signal)"
        }
    }

    /// The status waitpid reported (the <sys/wait.h> macros do not import into Swift).
    init(waitStatus status: Int32) {
        let signal = status & 0x7f
        self = signal == 0 ? .exited((status >> 8) & 0xff) : .signalled(signal)
    }
}
