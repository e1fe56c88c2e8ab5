#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A failed call in one of the thin wrappers over the kernel and the C libraries: which call, why, and what it
/// concerned, as one line a user can act on. Every wrapper throws this one type, so the errno is read, named and
/// explained in one place.
public struct SystemCallError: Error, Equatable, Sendable, CustomStringConvertible {
    /// Why the call failed.
    public enum Cause: Equatable, Sendable {
        /// The errno the call left (or the error number it returned); 0 when a library reports failure without one
        /// (a NULL from libdrm or `udev_new` with errno unset).
        case errno(Int32)
        /// A check of ours refused, with no errno involved: a size limit, a display already shut down.
        case refused(String)
    }

    /// What the call concerned; it decides how the line reads and what it suggests.
    public enum Subject: Equatable, Sendable {
        case none
        /// A file or directory.
        case file(String)
        /// A socket's path (`@name`: Linux's abstract namespace).
        case socket(String)
        /// A virtual terminal.
        case terminal(String)
        /// A display device, e.g. `/dev/dri/card0`.
        case display(String)
        /// An input seat (`seat0`) or device.
        case input(String)
        /// A program started as a child process.
        case program(String)
        /// An HDMI-CEC adapter, e.g. `/dev/cec0`.
        case cecAdapter(String)

        /// The path or name; empty for `.none`.
        public var name: String {
            switch self {
            case .none: ""
            case .file(let name), .socket(let name), .terminal(let name), .display(let name), .input(let name),
                .program(let name), .cecAdapter(let name):
                name
            }
        }
    }

    /// The C function or ioctl that failed, e.g. `drmModeSetCrtc`, or the check of ours (`size`).
    public let call: String
    public let cause: Cause
    public let subject: Subject
    /// Extra words, e.g. the mode being set; a caller that knows more may set them (who holds a device).
    public var context: String?

    /// `call` failed with `errno` on `subject`.
    public init(call: String, errno: Int32, _ subject: Subject = .none, context: String? = nil) {
        self.init(call: call, cause: .errno(errno), subject, context: context)
    }

    /// A check of ours about `call` refused on `subject`, for `reason`.
    public init(call: String, refused reason: String, _ subject: Subject = .none, context: String? = nil) {
        self.init(call: call, cause: .refused(reason), subject, context: context)
    }

    private init(call: String, cause: Cause, _ subject: Subject, context: String?) {
        self.call = call
        self.cause = cause
        self.subject = subject
        self.context = context
    }

    /// The errno, nil when a check of ours refused.
    public var errno: Int32? {
        if case .errno(let code) = cause { code } else { nil }
    }

    /// True when the path does not exist (ENOENT, or ENOTDIR on the way).
    public var isNotFound: Bool { errno == ENOENT || errno == ENOTDIR }

    /// Why, in words: the C library's text for the errno, or the refusal; empty for an errno of 0.
    public var message: String {
        switch cause {
        case .errno(0): ""
        case .errno(let code): errnoText(code)
        case .refused(let reason): reason
        }
    }

    /// The line: the subject, the call, why, and what to check. Paths come first (as the shell's own errors read);
    /// a device, seat or program is named after the call ("drmSetMaster on /dev/dri/card0 failed").
    public var description: String {
        switch subject {
        case .none: return reason
        case .file(let path), .socket(let path), .terminal(let path): return "\(path): \(reason)"
        case .display(let device), .cecAdapter(let device): return line(naming: " on \(device)")
        case .input(let name), .program(let name): return line(naming: " for \(name)")
        }
    }

    /// The line without a leading path: the failed call, why, and what to check.
    public var reason: String {
        switch subject {
        case .none, .file, .socket, .terminal: line(naming: "")
        case .display, .input, .program, .cecAdapter: description
        }
    }

    private func line(naming subjectWords: String) -> String {
        var line = "\(call)\(subjectWords) failed"
        if let context { line += " (\(context))" }
        switch cause {
        case .errno(0): break
        case .errno(let code): line += ": \(errnoMessage(code))"
        case .refused(let reason): line += ": \(reason)"
        }
        if let hint { line += "; \(hint)" }
        return line
    }

    /// What to check for the errors users meet, by what the call concerned.
    private var hint: String? {
        guard let code = errno else { return nil }
        switch subject {
        case .display:
            // The kernel answers a second master with EBUSY (before 5.8) or EACCES/EPERM; either way someone holds it.
            if call == "drmSetMaster", [EBUSY, EACCES, EPERM].contains(code) {
                return "another process is DRM master (a compositor, modetest, a previous bannerd still exiting)"
            }
            switch code {
            case EACCES, EPERM:
                return
                    "another process is DRM master (a compositor, a previous bannerd) or the user lacks the video group"
            case ENOENT, ENODEV: return "the device is gone or no KMS driver is loaded"
            case EBUSY: return "the device is in use; retry shortly"
            default: return nil
            }
        case .input:
            return code == EACCES || code == EPERM ? "the user needs the input group" : nil
        case .cecAdapter:
            switch code {
            case EACCES, EPERM: return "the user needs the video group (Debian's udev gives it /dev/cec*)"
            case ENOTTY: return "not a CEC adapter"
            case ENOENT, ENODEV: return "no such adapter, or it was unplugged"
            default: return nil
            }
        case .file:
            switch code {
            case ENOENT: return "check the path"
            case EACCES, EPERM: return "check the file's permissions for the bannerd user"
            case EISDIR: return "name a file, not a directory"
            case ENOTDIR: return "name a directory"
            default: return nil
            }
        case .none, .socket, .terminal, .program:
            return nil
        }
    }
}
