/// A line command on the control socket (`bannerd ctl …` sends them).
public enum ControlCommand: Equatable, Sendable {
    case next
    case previous
    /// Go to a banner by index (0-based, as `status` reports it).
    case goto(Int)
    case pause
    case resume
    case reload
    case status
    /// The frame on an output's screen (nil: the first output's), passed back as a memory file (see
    /// `ScreenshotReply`).
    case screenshot(output: String?)
    /// The frame on an output's screen as its display hardware scanned it out, read back by the writeback connector
    /// of its CRTC (vkms has one), beside how many of its pixels differ from bannerd's composition of that frame.
    case capture(output: String?)

    /// Why a line is not a command; the text is sent back as `error: …`.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let description: String
    }

    /// The words `bannerd ctl` accepts, for its help text.
    public static let usage =
        "next | prev | goto N | pause | resume | reload | status | screenshot OUT.png [OUTPUT] | capture OUT.png [OUTPUT]"

    /// Parses one line (surrounding blanks ignored).
    public init(parsing line: Substring) throws(ParseError) {
        let words = line.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
        guard let verb = words.first else { throw ParseError(description: "empty command; expected \(Self.usage)") }
        let arguments = words.dropFirst()
        func noArguments(_ command: ControlCommand) throws(ParseError) -> ControlCommand {
            guard arguments.isEmpty else { throw ParseError(description: "`\(verb)` takes no arguments") }
            return command
        }
        switch verb {
        case "next": self = try noArguments(.next)
        case "prev", "previous": self = try noArguments(.previous)
        case "pause": self = try noArguments(.pause)
        case "resume": self = try noArguments(.resume)
        case "reload": self = try noArguments(.reload)
        case "status": self = try noArguments(.status)
        // The file is written by the client (`bannerd ctl`), so the line carries no path: only the output's name.
        case "screenshot", "capture":
            guard arguments.count <= 1 else {
                throw ParseError(description: "`\(verb)` takes one output's name at most (its connector)")
            }
            let output = arguments.first.map(String.init)
            self = verb == "capture" ? .capture(output: output) : .screenshot(output: output)
        case "goto":
            guard arguments.count == 1, let index = Int(arguments[arguments.startIndex]), index >= 0 else {
                throw ParseError(description: "`goto` takes one banner index, 0 or more")
            }
            self = .goto(index)
        default:
            throw ParseError(description: "unknown command `\(verb)`; expected \(Self.usage)")
        }
    }
}
