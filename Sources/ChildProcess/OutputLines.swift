/// Splits a child's output into lines as it arrives in arbitrary chunks, so each line can be logged whole.
/// A line longer than `maximumLength` bytes is cut there, so a program printing without newlines cannot make
/// bannerd hold its output without bound.
public struct OutputLines: Sendable {
    /// The longest line kept whole, in bytes.
    public let maximumLength: Int
    private var pending: [UInt8] = []

    /// A splitter cutting lines at `maximumLength` bytes.
    public init(maximumLength: Int = 1024) {
        self.maximumLength = max(1, maximumLength)
    }

    /// The complete lines in `bytes` (with what came before), without their newlines; the rest waits.
    public mutating func append(_ bytes: some Sequence<UInt8>) -> [String] {
        var lines: [String] = []
        for byte in bytes {
            if byte == UInt8(ascii: "\n") {
                lines.append(take())
            } else {
                pending.append(byte)
                if pending.count == maximumLength { lines.append(take()) }
            }
        }
        return lines
    }

    /// What is left after the last newline (the output ended without one); nil when nothing is.
    public mutating func finish() -> String? {
        pending.isEmpty ? nil : take()
    }

    private mutating func take() -> String {
        // A carriage return before the newline is part of the line ending, not of the text.
        if pending.last == UInt8(ascii: "\r") { pending.removeLast() }
        defer { pending.removeAll(keepingCapacity: true) }
        return String(decoding: pending, as: UTF8.self)
    }
}
