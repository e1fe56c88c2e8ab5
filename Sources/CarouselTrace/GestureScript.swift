import CarouselEngine

/// A scripted gesture: touch events with times, as written by hand for traces, tests and the QEMU board.
///
/// One event per line: `t_ms kind x y [slot]`, kind `down|move|up|cancel`, x and y in screen pixels;
/// `up` and `cancel` may leave out x and y (a given position is applied as a last move). `#` starts a comment.
public struct GestureScript: Equatable, Sendable {
    /// The events in time order.
    public let events: [InputEvent]

    /// A line the parser could not read.
    public struct ParseError: Error, Equatable, CustomStringConvertible {
        public let file: String
        public let line: Int
        public let message: String
        public var description: String { "\(file):\(line): \(message)" }
    }

    public init(events: [InputEvent]) {
        self.events = events
    }

    /// Parses a script; `file` names it in errors.
    public init(parsing text: String, file: String) throws(ParseError) {
        var events: [InputEvent] = []
        var lastTime = Duration.zero
        var lineNumber = 0
        for rawLine in text.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            func fail(_ message: String) -> ParseError {
                ParseError(file: file, line: lineNumber, message: message)
            }
            let content = rawLine.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            let fields = content.split(whereSeparator: { $0 == " " || $0 == "\t" || $0 == "\r" })
            if fields.isEmpty { continue }
            guard fields.count >= 2 else { throw fail("expected `t_ms kind x y [slot]`, found \(fields.count) field") }
            guard let milliseconds = Double(fields[0]), milliseconds.isFinite, milliseconds >= 0 else {
                throw fail("time `\(fields[0])` is not a non-negative number of milliseconds")
            }
            // Duration holds 64-bit nanoseconds, which a huge time would overflow (a trap); scripts are seconds long.
            guard milliseconds <= Self.maxMilliseconds else {
                throw fail("time `\(fields[0])` is past a script's one-hour limit (\(Int(Self.maxMilliseconds)) ms)")
            }
            let time = Duration.seconds(floating: milliseconds / 1000)
            guard time >= lastTime else { throw fail("time \(fields[0]) ms goes backwards") }
            lastTime = time
            let kind = String(fields[1])
            let needsPosition = kind == "down" || kind == "move"
            guard ["down", "move", "up", "cancel"].contains(kind) else {
                throw fail("unknown kind `\(kind)` (expected down, move, up or cancel)")
            }
            var position: PixelPoint?
            var slot = 0
            switch fields.count {
            case 2, 3:
                if needsPosition { throw fail("`\(kind)` needs x and y") }
                if fields.count == 3 { slot = try Self.slot(fields[2], fail) }
            case 4, 5:
                guard let x = Double(fields[2]), let y = Double(fields[3]), x.isFinite, y.isFinite else {
                    throw fail("position `\(fields[2]) \(fields[3])` is not two numbers")
                }
                position = PixelPoint(x: x, y: y)
                if fields.count == 5 { slot = try Self.slot(fields[4], fail) }
            default:
                throw fail("too many fields (expected `t_ms kind x y [slot]`)")
            }
            switch kind {
            case "down":
                if let position {
                    events.append(.touchDown(slot: slot, position: position, millimetres: nil, time: time))
                }
            case "move":
                if let position {
                    events.append(.touchMotion(slot: slot, position: position, millimetres: nil, time: time))
                }
            case "up":
                if let position {
                    events.append(.touchMotion(slot: slot, position: position, millimetres: nil, time: time))
                }
                events.append(.touchUp(slot: slot, time: time))
            default:
                events.append(.touchCancel(slot: slot, time: time))
            }
        }
        self.events = events
    }

    /// The latest event time a script may give.
    static let maxMilliseconds = 3_600_000.0

    private static func slot(_ field: Substring, _ fail: (String) -> ParseError) throws(ParseError) -> Int {
        guard let slot = Int(field), slot >= 0, slot < 64 else { throw fail("slot `\(field)` is not 0…63") }
        return slot
    }
}
