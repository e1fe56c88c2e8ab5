import ArgumentParser
import ControlProtocol
import ServiceIO

/// `bannerd ctl`: the control socket's client, for operators and scripts.
struct CtlCommand: ParsableCommand {
    static let defaultSocket = "/run/bannerd/control.sock"

    static let configuration = CommandConfiguration(
        commandName: "ctl",
        abstract: "Send a command to a running bannerd: \(ControlCommand.usage).",
        discussion: "Prints the answer (`ok`, `error: …`, or the status JSON); exits 1 on an error answer."
    )

    @Option(help: "Control socket of the running bannerd.")
    var socket = CtlCommand.defaultSocket

    @Argument(help: "The command and its argument, e.g. `goto 3`.")
    var words: [String]

    func run() throws {
        let reply: String
        do {
            reply = try ControlClient.send(words.joined(separator: " "), to: socket)
        } catch {
            throw CommandFailure("\(error) (is bannerd running with --control \(socket)?)")
        }
        print(reply)
        if reply.hasPrefix("error:") { throw ExitCode(1) }
    }
}
