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
            `status` lists it under `outputs`); without, the first.
            """,
        options: [.value("socket", "Control socket of the running bannerd.", default: defaultSocket)],
        words: WordsSpec(name: "words", help: "The command and its argument, e.g. `goto 3` or `screenshot shot.png`."))

    let socket: String
    let words: [String]

    init(_ options: ParsedOptions) throws(UsageError) {
        socket = try options.require("socket")
        words = options.words
        if words.first == "screenshot", !(2...3).contains(words.count) {
            throw options.usageError(
                "`screenshot` takes the PNG file to write and optionally an output, e.g. `screenshot shot.png HDMI-A-2`"
            )
        }
    }

    func run() throws {
        if words.first == "screenshot" {
            try screenshot(to: words[1], output: words.count > 2 ? words[2] : nil)
            return
        }
        let reply: String
        do {
            reply = try ControlClient.send(words.joined(separator: " "), to: socket)
        } catch {
            throw unreachable(error)
        }
        print(reply)
        if reply.hasPrefix("error:") { throw ExitStatus(1) }
    }

    /// Asks for the frame on `output`'s screen (nil: the first output's) and writes it as PNG at `path` (atomically: a
    /// watcher never sees half a file).
    private func screenshot(to path: String, output: String?) throws {
        let reply: ControlReply
        do {
            reply = try ControlClient.exchange(
                ["screenshot", output].compactMap { $0 }.joined(separator: " "), with: socket,
                timeout: ControlClient.screenshotTimeout)
        } catch {
            throw unreachable(error)
        }
        guard let header = ScreenshotReply(parsing: reply.line), let format = PixelFormat(name: header.format),
            let descriptor = reply.descriptor
        else {
            print(reply.line)
            throw ExitStatus(1)
        }
        do {
            let frame = try FrameFile.read(descriptor, width: header.width, height: header.height, format: format)
            try PNGEncoder().write(frame.buffer.snapshot(), to: path)
        } catch {
            throw CommandFailure("\(error)")
        }
        print("wrote \(path) (\(header.width)x\(header.height) \(header.format))")
    }

    private func unreachable(_ error: SystemCallError) -> CommandFailure {
        CommandFailure("\(error) (is bannerd running with --control \(socket)?)")
    }
}
