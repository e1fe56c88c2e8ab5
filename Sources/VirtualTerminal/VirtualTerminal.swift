import CLinuxConsole
import Glibc
import SystemCalls

/// The Linux virtual terminal bannerd draws over: switched to graphics mode (the console stops drawing text and
/// its cursor over the carousel) and its keyboard muted (keys typed on a kiosk keyboard must not reach a shell
/// or getty behind it). `restore()` puts both back; a failed `KDGETMODE` means "not a VT", which is fine.
/// What is put back is a console a person can use: a VT found in graphics mode or with its keyboard off was left
/// so by a bannerd that crashed or was killed (the watchdog's SIGABRT, SIGKILL), which could not restore it, and
/// giving that back would leave the screen dark and the keyboard dead after the next stop.
public final class VirtualTerminal {
    public let path: String
    private let descriptor: OwnedDescriptor
    private let savedMode: Int32
    private let savedKeyboard: Int32
    private var restored = false

    /// Takes over the VT at `path`, or standard input when it is a VT; nil when there is no VT (ssh, a test
    /// harness, a service without TTYPath).
    public static func takeOver(path: String?) throws(SystemCallError) -> VirtualTerminal? {
        let descriptor: OwnedDescriptor
        if let path {
            descriptor = try OwnedDescriptor.open(.terminal(path), flags: O_RDWR | O_NOCTTY)
        } else {
            let fd = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3)
            guard fd >= 0 else { return nil }
            descriptor = OwnedDescriptor(taking: fd)
        }
        defer { withExtendedLifetime(descriptor) {} }  // open for every call below, on every path
        let fd = descriptor.raw
        let name = path ?? "standard input"
        var mode: Int32 = 0
        guard ioctl(fd, UInt(KDGETMODE), &mode) == 0 else {
            if path != nil { throw SystemCallError(call: "ioctl(KDGETMODE)", errno: errno, .terminal(name)) }
            return nil  // standard input is not a VT
        }
        var keyboard: Int32 = 0
        guard ioctl(fd, UInt(KDGKBMODE), &keyboard) == 0 else {
            throw SystemCallError(call: "ioctl(KDGKBMODE)", errno: errno, .terminal(name))
        }
        let terminal = VirtualTerminal(
            path: name, descriptor: descriptor, mode: mode == Int32(KD_GRAPHICS) ? Int32(KD_TEXT) : mode,
            keyboard: keyboard == Int32(K_OFF) ? Int32(K_UNICODE) : keyboard)
        guard ioctl(fd, UInt(KDSETMODE), Int32(KD_GRAPHICS)) == 0 else {
            throw SystemCallError(call: "ioctl(KDSETMODE, KD_GRAPHICS)", errno: errno, .terminal(name))
        }
        guard ioctl(fd, UInt(KDSKBMODE), Int32(K_OFF)) == 0 else {
            let failure = SystemCallError(call: "ioctl(KDSKBMODE, K_OFF)", errno: errno, .terminal(name))
            terminal.restore()
            throw failure
        }
        return terminal
    }

    private init(path: String, descriptor: OwnedDescriptor, mode: Int32, keyboard: Int32) {
        self.path = path
        self.descriptor = descriptor
        self.savedMode = mode
        self.savedKeyboard = keyboard
    }

    deinit {
        restore()
    }

    /// Puts back the keyboard and text mode as they were (text mode and the keyboard on, if a crashed bannerd had
    /// left them off). Safe to call twice.
    public func restore() {
        guard !restored else { return }
        restored = true
        _ = ioctl(descriptor.raw, UInt(KDSKBMODE), savedKeyboard)
        _ = ioctl(descriptor.raw, UInt(KDSETMODE), savedMode)
    }
}
