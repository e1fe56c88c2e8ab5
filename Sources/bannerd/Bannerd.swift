import ArgumentParser
import Glibc

/// The bannerd command line: one subcommand per job.
@main
struct Bannerd: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "bannerd",
        abstract: "An endless banner carousel that owns the screen (DRM/KMS, libinput, FreeType).",
        version: BannerdVersion.current,
        subcommands: [
            RunCommand.self, TraceCommand.self, RenderCommand.self, CheckCommand.self, DevicesCommand.self,
            CtlCommand.self,
        ]
    )

    /// As the argument parser's own entry point, except that a mistake in `run`'s options exits with
    /// `RunCommand.configurationError` like a mistake in bannerd.toml: `run` is what systemd starts, and the
    /// parser's usage status (64) would have it restarted until its start limit reboots the board.
    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        do {
            var command = try parseAsRoot(arguments)
            try command.run()
        } catch {
            if arguments.first == RunCommand.configuration.commandName, exitCode(for: error) == .validationFailure {
                Log.error("\(message(for: error)); fix bannerd run's command line (the unit's ExecStart=)")
                Glibc.exit(RunCommand.configurationError.rawValue)
            }
            exit(withError: error)
        }
    }
}
