import CommandLineParsing
import Glibc
import SystemCalls

/// A subcommand of `bannerd`: its command line (`spec`), read into the command (`init`, which refuses a mistake
/// with the usage text), and its work.
protocol BannerdCommand {
    static var spec: CommandSpec { get }
    init(_ options: ParsedOptions) throws(UsageError)
    func run() throws
}

/// Ends the command with this exit status, having said why already (`check` listing errors, `ctl` an error answer).
struct ExitStatus: Error {
    let code: Int32

    init(_ code: Int32) {
        self.code = code
    }
}

/// The bannerd command line: one subcommand per job.
@main
enum Bannerd {
    static var commands: [any BannerdCommand.Type] {
        [
            RunCommand.self, TraceCommand.self, RenderCommand.self, CheckCommand.self, DevicesCommand.self,
            CtlCommand.self,
        ]
    }

    static let spec = CommandSpec(
        name: "bannerd", abstract: "An endless banner carousel that owns the screen (DRM/KMS, libinput, FreeType).",
        subcommands: commands.map { $0.spec }, version: BannerdVersion.current)

    /// EX_USAGE (sysexits.h): a mistake on the command line.
    static let usageStatus: Int32 = 64

    /// What a command line asks for.
    enum Invocation {
        case command(any BannerdCommand)
        /// Help or the version: print it and exit 0.
        case text(String)

        var command: (any BannerdCommand)? {
            if case .command(let command) = self { command } else { nil }
        }
    }

    /// Reads the command line (without the program's name) into the command it names.
    static func parse(_ arguments: [String]) throws(UsageError) -> Invocation {
        switch try CommandLineParser.parse(arguments, root: spec) {
        case .help(let text), .version(let text):
            return .text(text)
        case .run(let options):
            // The parser returns only the commands of `spec`, which are these.
            guard let type = commands.first(where: { $0.spec.name == options.path.last }) else {
                throw options.usageError("a subcommand is needed")
            }
            return .command(try type.init(options))
        }
    }

    static func main() {
        let arguments = Array(CommandLine.arguments.dropFirst())
        let command: any BannerdCommand
        do {
            switch try parse(arguments) {
            case .command(let chosen):
                command = chosen
            case .text(let text):
                print(text)
                exit(0)
            }
        } catch {
            // `run` is what systemd starts: a mistake in its options is a configuration error, as one in
            // bannerd.toml is, so that systemd stops instead of restarting it until the start limit reboots the board.
            if error.path.dropFirst().first == RunCommand.spec.name {
                Log.error("\(error.message); fix bannerd run's command line (the unit's ExecStart=)")
                exit(RunCommand.configurationError)
            }
            printError("\(error)")
            exit(usageStatus)
        }
        do {
            try command.run()
        } catch let status as ExitStatus {
            exit(status.code)
        } catch {
            printError("error: \(error)")
            exit(1)
        }
    }

    /// A line on standard error, which is unbuffered: before the standard output's buffer, written at exit.
    private static func printError(_ text: String) {
        _ = writeAll(Array((text + "\n").utf8), to: STDERR_FILENO)
    }
}
