import CommandLineParsing
import ControlProtocol
import Glibc
import ImageDecoding
import Raster
import ServiceIO
import SystemCalls

/// `bannerd ctl`: the control socket's client, for operators and scripts.
struct CtlCommand: BannerdCommand {
    static let defaultSocket = "/run/bannerd/control.sock"

    static let spec = CommandSpec(
        name: "ctl",
        abstract: "Send a command to a running bannerd: \(ControlCommand.usage).",
        discussion: """
            Prints the answer (`ok`, `error: …`, or the status JSON); exits 1 on an error answer. \
            `screenshot OUT.png` writes the frame on screen, pixel for pixel as the display scans it out \
            (rotation included), to OUT.png: the service passes the pixels, this command writes the file. \
            With several outputs, `screenshot OUT.png OUTPUT` takes the one named (its connector, as \
            `status` lists it under `outputs`); without, the first. \
            `capture OUT.png [OUTPUT]` writes the frame as the display hardware scanned it out, read back by the \
            writeback connector of its CRTC (vkms has one; a modeset, for test benches), and says how many of its \
            pixels differ from bannerd's composition of that frame. \
            `ctl -` reads one command a line from standard input and prints one answer line for each as soon as \
            it has it (`error: …` for an unreachable service too), until the input ends: a script that polls keeps \
            one process, rather than starting bannerd for every question.
            """,
        options: [.value("socket", "Control socket of the running bannerd.", default: defaultSocket)],
        words: WordsSpec(
            name: "words",
            help: "The command and its argument, e.g. `goto 3` or `screenshot shot.png`; `-`: commands from stdin."))

    let socket: String
    let words: [String]

    init(_ options: ParsedOptions) throws(UsageError) {
        socket = try options.require("socket")
        words = options.words
        if let problem = Self.screenshotProblem(words) { throw options.usageError(problem) }
    }

    func run() throws {
        guard words != ["-"] else { return answerEachLine() }
        let answer: Answer
        do {
            answer = try self.answer(words)
        } catch let error as SystemCallError {
            throw unreachable(error)
        }
        print(answer.line)
        if !answer.ok { throw ExitStatus(1) }
    }

    /// `ctl -`: one answer line a command line, each written at once (a pipe's reader waits for it; print's buffer
    /// would hold it), a failure said on its line so that the answers stay one a line.
    private func answerEachLine() {
        while let command = readLine() {
            let words = command.split(separator: " ").map(String.init)
            var line: String
            if let problem = Self.screenshotProblem(words) {
                line = "error: \(problem)"
            } else {
                do {
                    line = try answer(words).line
                } catch let error as SystemCallError {
                    line = "error: \(unreachable(error))"
                } catch {
                    line = "error: \(error)"
                }
            }
            line += "\n"
            guard writeAll(Array(line.utf8), to: STDOUT_FILENO) == nil else { return }  // the reader is gone
        }
    }

    /// `screenshot` and `capture`: the frame comes back as pixels, and this command writes the file.
    private static func writesFile(_ verb: String) -> Bool { verb == "screenshot" || verb == "capture" }

    /// What is wrong with a `screenshot` or `capture` command's words, if anything.
    private static func screenshotProblem(_ words: [String]) -> String? {
        guard let verb = words.first, writesFile(verb), !(2...3).contains(words.count) else { return nil }
        return "`\(verb)` takes the PNG file to write and optionally an output, e.g. `\(verb) shot.png HDMI-A-2`"
    }

    /// The line to print for a command, and whether it succeeded.
    private typealias Answer = (line: String, ok: Bool)

    /// Throws `SystemCallError` when the service cannot be reached, `CommandFailure` when a screenshot cannot be written.
    private func answer(_ words: [String]) throws -> Answer {
        if let verb = words.first, Self.writesFile(verb) {
            return try screenshot(verb, to: words[1], output: words.count > 2 ? words[2] : nil)
        }
        let reply = try ControlClient.send(words.joined(separator: " "), to: socket)
        return (reply, !reply.hasPrefix("error:"))
    }

    /// Asks for the frame on `output`'s screen (nil: the first output's), composed (`screenshot`) or read back from
    /// glass (`capture`), and writes it as PNG at `path` (atomically: a watcher never sees half a file).
    private func screenshot(_ verb: String, to path: String, output: String?) throws -> Answer {
        let reply = try ControlClient.exchange(
            [verb, output].compactMap { $0 }.joined(separator: " "), with: socket,
            timeout: ControlClient.screenshotTimeout)
        guard let header = ScreenshotReply(parsing: reply.line), let format = PixelFormat(name: header.format),
            let descriptor = reply.descriptor
        else { return (reply.line, false) }
        do {
            let frame = try FrameFile.read(descriptor, width: header.width, height: header.height, format: format)
            try PNGEncoder().write(frame.buffer.snapshot(), to: path)
        } catch {
            throw CommandFailure("\(error)")
        }
        let wrote = "wrote \(path) (\(header.width)x\(header.height) \(header.format)"
        guard let differing = header.differing else { return (wrote + ")", true) }
        return (
            wrote + ", read back from glass): \(differing) of \(header.width * header.height) pixels differ from"
                + " bannerd's composition of the frame", true
        )
    }

    private func unreachable(_ error: SystemCallError) -> CommandFailure {
        CommandFailure("\(error) (is bannerd running with --control \(socket)?)")
    }
}
