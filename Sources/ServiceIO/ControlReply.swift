/// The answer to one control command: a line, and for `screenshot` a memory file passed along with it
/// (SCM_RIGHTS). The server owns the descriptor from then on and closes it once sent or dropped.
public struct ControlReply {
    public let line: String
    public let descriptor: Int32?

    public init(_ line: String, passing descriptor: Int32? = nil) {
        self.line = line
        self.descriptor = descriptor
    }
}
