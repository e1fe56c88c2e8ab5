import CLinuxProcess
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// A program started with posix_spawn, without a shell: its standard output and error arrive on one pipe and
/// its exit on a pidfd, both descriptors for the caller's poll loop, so nothing ever waits for it.
///
/// The child starts in a session of its own (no controlling terminal: bannerd's VT stays bannerd's), with
/// standard input from /dev/null, every other descriptor of bannerd closed, and the signal mask and
/// dispositions bannerd changed back at their defaults.
public final class ChildProcess {
    /// The child's process id.
    public let pid: pid_t
    /// The program's path (argv[0]).
    public let program: String
    /// Readable once the child has exited (pidfd_open).
    private let exitFile: OwnedDescriptor
    /// The read end of the output pipe, non-blocking; nil once the output is closed.
    private var outputFile: OwnedDescriptor?
    /// How it ended, once `reap()` has seen it.
    public private(set) var status: ExitStatus?

    /// Starts `argv[0]` (an absolute path) with `argv` and `environment` ("NAME=value" entries).
    public init(argv: [String], environment: [String]) throws(SystemCallError) {
        let program = argv.first ?? ""
        self.program = program
        var pipeEnds: [Int32] = [-1, -1]
        // Close-on-exec on both ends: only the dup2'd copies (1 and 2) reach the program.
        guard pipe2(&pipeEnds, O_CLOEXEC) == 0 else {
            throw SystemCallError(call: "pipe2", errno: errno, .program(program))
        }
        let readEnd = OwnedDescriptor(taking: pipeEnds[0])
        defer { withExtendedLifetime(readEnd) {} }  // open for every call below, on every path
        // Only bannerd's end is non-blocking: a program writing to a full pipe should wait, not fail.
        _ = fcntl(readEnd.raw, F_SETFL, fcntl(readEnd.raw, F_GETFL) | O_NONBLOCK)
        let writeEnd = OwnedDescriptor(taking: pipeEnds[1])
        let spawned = writeEnd.withRaw { Self.spawn(argv: argv, environment: environment, output: $0) }
        let pid = try spawned.get()
        let pidfd = pidfd_open(pid, 0)
        guard pidfd >= 0 else {
            // Without a pidfd its exit cannot be seen in the poll loop: stop it rather than leak a zombie.
            let error = SystemCallError(call: "pidfd_open", errno: errno, .program(program))
            kill(pid, SIGKILL)
            var status: Int32 = 0
            _ = repeatWhileInterrupted { waitpid(pid, &status, 0) }
            throw error
        }
        self.pid = pid
        exitFile = OwnedDescriptor(taking: pidfd)
        outputFile = readEnd
    }

    /// The pidfd's number, for the poll set.
    public var exitDescriptor: Int32 { exitFile.raw }
    /// The output pipe's number, for the poll set; nil once the output is closed.
    public var outputDescriptor: Int32? { outputFile?.raw }

    /// posix_spawn: returns an errno (not −1) and reports the program's exec failure (ENOENT, EACCES) itself.
    private static func spawn(argv: [String], environment: [String], output: Int32) -> Result<
        pid_t, SystemCallError
    > {
        let program = argv.first ?? ""
        var actions = posix_spawn_file_actions_t()
        var attributes = posix_spawnattr_t()
        posix_spawn_file_actions_init(&actions)
        posix_spawnattr_init(&attributes)
        defer {
            posix_spawn_file_actions_destroy(&actions)
            posix_spawnattr_destroy(&attributes)
        }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_adddup2(&actions, output, 1)
        posix_spawn_file_actions_adddup2(&actions, output, 2)
        // Whatever bannerd has open (the DRM card, input devices, sockets) stays out of the program.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGPIPE, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(
            &attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF | Self.spawnSetSID))
        let cArguments = argv.map { strdup($0) } + [nil]
        let cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments + cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let result = posix_spawn(&pid, program, &actions, &attributes, cArguments, cEnvironment)
        guard result == 0 else {
            return .failure(SystemCallError(call: "posix_spawn", errno: result, .program(program)))
        }
        return .success(pid)
    }

    /// POSIX_SPAWN_SETSID (spawn.h, glibc ≥ 2.26): a GNU extension the Glibc module does not import.
    private static let spawnSetSID: Int32 = 0x80

    /// Reads what the child wrote so far into `bytes`; false once the output has ended (the pipe is closed
    /// then). Never blocks.
    public func readOutput(into bytes: inout [UInt8]) -> Bool {
        guard let fd = outputDescriptor else { return false }
        var chunk = [UInt8](repeating: 0, count: 4096)
        while true {
            let count = repeatWhileInterrupted { chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) } }
            if count > 0 {
                bytes.append(contentsOf: chunk[0..<count])
                continue
            }
            if count < 0, errno == EAGAIN { return true }
            // End of file, or an error that leaves nothing more to read.
            closeOutput()
            return false
        }
    }

    /// Stops reading the output (the child exited but something it started still holds the pipe).
    public func closeOutput() {
        outputFile = nil
    }

    /// Collects the exit status if the child has exited (waitpid with WNOHANG); nil while it runs.
    @discardableResult
    public func reap() -> ExitStatus? {
        if let status { return status }
        var raw: Int32 = 0
        guard repeatWhileInterrupted({ waitpid(pid, &raw, WNOHANG) }) == pid else { return nil }
        status = ExitStatus(waitStatus: raw)
        return status
    }
}
