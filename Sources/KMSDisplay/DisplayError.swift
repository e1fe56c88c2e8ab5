import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// A failed call into libdrm or the kernel on a display device: which call, the errno, which device.
public struct DisplayError: Error, Equatable, Sendable, CustomStringConvertible {
    /// The C function or ioctl that failed, e.g. `drmModeSetCrtc`.
    public var call: String
    /// The errno it left, 0 when the call reports failure without one (a NULL from libdrm with errno unset).
    public var errno: Int32
    /// The device, e.g. `/dev/dri/card0`.
    public var path: String
    /// Extra context such as the mode being set.
    public var context: String?

    /// An error for `call` on `path` with `errno`.
    public init(call: String, errno: Int32, path: String, context: String? = nil) {
        self.call = call
        self.errno = errno
        self.path = path
        self.context = context
    }

    /// One line: what failed, where, why, and what to do about the common causes.
    public var description: String {
        var line = "\(call) on \(path) failed"
        if let context { line += " (\(context))" }
        if errno != 0 { line += ": \(Self.errnoText(errno))" }
        if let hint = Self.hint(call: call, errno: errno) { line += "; \(hint)" }
        return line
    }

    /// The errno text with the symbolic name for the errors users meet, else with the number.
    static func errnoText(_ code: Int32) -> String {
        let names: [Int32: String] = [
            EACCES: "EACCES", EPERM: "EPERM", EBUSY: "EBUSY", ENOENT: "ENOENT", EINVAL: "EINVAL", ENODEV: "ENODEV",
            ENOMEM: "ENOMEM", ENOSPC: "ENOSPC", EOPNOTSUPP: "EOPNOTSUPP",
        ]
        return names[code].map { "\(SystemCalls.errnoText(code)) (\($0))" } ?? errnoMessage(code)
    }

    static func hint(call: String, errno code: Int32) -> String? {
        // The kernel answers a second master with EBUSY (before 5.8) or EACCES/EPERM; either way someone holds it.
        if call == "drmSetMaster", [EBUSY, EACCES, EPERM].contains(code) {
            return "another process is DRM master (a compositor, modetest, a previous bannerd still exiting)"
        }
        switch code {
        case EACCES, EPERM:
            return "another process is DRM master (a compositor, a previous bannerd) or the user lacks the video group"
        case ENOENT, ENODEV: return "the device is gone or no KMS driver is loaded"
        case EBUSY: return "the device is in use; retry shortly"
        default: return nil
        }
    }
}
