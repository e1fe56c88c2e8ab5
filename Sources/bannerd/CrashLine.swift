import Glibc

/// Under the service, Swift's crash backtracer is off (`SWIFT_BACKTRACE=enable=no` in bannerd.service): it needs
/// executable memory, which `MemoryDenyWriteExecute=` refuses, and a refused backtracer leaves the crashed
/// process hanging until systemd's stop timeout. Without it, a crash ends bannerd at once; this leaves the one
/// line in the journal that says so. Installed only when the backtracer is off, so a developer keeps backtraces.
enum CrashLine {
    static func installIfBacktracerIsOff() {
        // SWIFT_BACKTRACE is a comma-separated list of key=value; enable takes a boolean.
        let settings = getenv("SWIFT_BACKTRACE").map { String(cString: $0).split(separator: ",") } ?? []
        let off = ["enable=no", "enable=off", "enable=false", "enable=0"]
        guard settings.contains(where: { off.contains($0.lowercased()) }) else { return }
        _ = crashPrefix  // initialised here: the handler must not run a lazy global's initialiser
        // A Swift runtime trap (a failed precondition, an overflow) is SIGILL on x86-64 and SIGTRAP on arm64.
        for signal in [SIGSEGV, SIGBUS, SIGILL, SIGTRAP, SIGFPE, SIGABRT] {
            var action = sigaction()
            action.__sigaction_handler.sa_handler = crashed
            // The default action is back for the signal raised again below: the process ends as crashed.
            action.sa_flags = Int32(bitPattern: UInt32(SA_RESETHAND))
            sigemptyset(&action.sa_mask)
            sigaction(signal, &action, nil)
        }
    }
}

/// The crash line's start: journald's critical priority under systemd (as `Log` does), plain otherwise.
private let crashPrefix: StaticString =
    getenv("JOURNAL_STREAM") != nil ? "<2>bannerd crashed: " : "bannerd crashed: "

/// The signal handler: only async-signal-safe calls (write(2) of fixed text, raise(3)).
private func crashed(_ signal: Int32) {
    let text: StaticString
    switch signal {
    case SIGSEGV: text = "SIGSEGV (invalid memory access); systemd restarts it\n"
    case SIGBUS: text = "SIGBUS (bad memory access); systemd restarts it\n"
    case SIGILL: text = "SIGILL (a Swift runtime trap, or an illegal instruction); systemd restarts it\n"
    case SIGTRAP: text = "SIGTRAP (a Swift runtime trap); systemd restarts it\n"
    case SIGFPE: text = "SIGFPE (arithmetic fault); systemd restarts it\n"
    default: text = "SIGABRT (aborted); systemd restarts it\n"
    }
    _ = write(STDERR_FILENO, crashPrefix.utf8Start, crashPrefix.utf8CodeUnitCount)
    _ = write(STDERR_FILENO, text.utf8Start, text.utf8CodeUnitCount)
    raise(signal)
}
