import SystemCalls

/// The answer to one control command: a line, and for `screenshot` a memory file passed along with it
/// (SCM_RIGHTS), closed once the reply that holds it is sent, dropped or read.
public struct ControlReply {
    public let line: String
    public let descriptor: OwnedDescriptor?

    public init(_ line: String, passing descriptor: OwnedDescriptor? = nil) {
        self.line = line
        self.descriptor = descriptor
    }
}
