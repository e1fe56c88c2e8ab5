import SystemCalls

/// A failed call while starting or watching a child process: which call, the errno, which program.
public struct ChildProcessError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function that failed, e.g. `posix_spawn`.
    public var call: String
    /// The errno it reported.
    public var errno: Int32
    /// The program's path.
    public var program: String

    /// An error for `call` starting `program` with `errno`.
    public init(call: String, errno: Int32, program: String) {
        self.call = call
        self.errno = errno
        self.program = program
    }

    /// One line naming the program, the call and the reason.
    public var description: String {
        "\(call) for \(program) failed: \(errnoMessage(errno))"
    }
}
