import CLibinput
import CLibudev
import CarouselEngine
import InputTranslation
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Touch, mouse and keys through libinput's udev backend on one seat: devices plugged in later appear by
/// themselves, and an unplugged device cancels its contacts instead of failing.
///
/// The frame loop polls `fileDescriptor` and calls `dispatch()` when it is readable.
public final class LibinputInput {
    /// The udev seat, `seat0` unless configured.
    public let seat: String
    private let udev: OpaquePointer
    private let context: OpaquePointer
    private let interface: UnsafeMutablePointer<libinput_interface>
    private var router: InputRouter

    /// Creates a udev context (udev_new: NULL) and a libinput context on `seat`
    /// (libinput_udev_create_context: NULL; libinput_udev_assign_seat: −1).
    /// `deviceOutputs`: the output each named device moves when udev binds it to none (`InputRouter`).
    public init(
        seat: String = "seat0", transform: TouchTransform, deviceOutputs: [String: String] = [:]
    ) throws(SystemCallError) {
        guard let udev = udev_new() else { throw SystemCallError(call: "udev_new", errno: errno, .input(seat)) }
        let interface = UnsafeMutablePointer<libinput_interface>.allocate(capacity: 1)
        interface.initialize(to: libinput_interface(open_restricted: openRestricted, close_restricted: closeRestricted))
        guard let context = libinput_udev_create_context(interface, nil, udev) else {
            interface.deallocate()
            udev_unref(udev)
            throw SystemCallError(call: "libinput_udev_create_context", errno: errno, .input(seat))
        }
        guard libinput_udev_assign_seat(context, seat) == 0 else {
            libinput_unref(context)
            interface.deallocate()
            udev_unref(udev)
            throw SystemCallError(call: "libinput_udev_assign_seat", errno: errno, .input(seat))
        }
        self.seat = seat
        self.udev = udev
        self.context = context
        self.interface = interface
        router = InputRouter(transform: transform, deviceOutputs: deviceOutputs)
    }

    deinit {
        libinput_unref(context)
        interface.deallocate()
        udev_unref(udev)
    }

    /// Readable when libinput has events to dispatch.
    public var fileDescriptor: Int32 { libinput_get_fd(context) }

    /// The outputs driven and each one's mapping to its screen's pixels, and where devices bound to none go (nil:
    /// the first output, mapped by `defaultTransform`); set again after a modeset changes a size or rotation.
    /// Returns the contacts cancelled on an output a device left.
    @discardableResult
    public func drive(
        _ outputs: [(name: String, transform: TouchTransform)], defaultOutput: String?,
        defaultTransform: TouchTransform
    ) -> [RoutedInputEvent] {
        router.drive(outputs, defaultOutput: defaultOutput, defaultTransform: defaultTransform)
    }

    /// The devices present now, by name.
    public var devices: [InputDeviceInfo] { router.deviceInfos.sorted { $0.sysname < $1.sysname } }

    /// Reads what the kernel queued (libinput_dispatch: negative errno) and returns it as engine events, each for
    /// its device's output (`InputRouter`).
    public func dispatch() throws(SystemCallError) -> [RoutedInputEvent] {
        let result = libinput_dispatch(context)
        guard result == 0 else { throw SystemCallError(call: "libinput_dispatch", errno: -result, .input(seat)) }
        var events: [RoutedInputEvent] = []
        while let event = libinput_get_event(context) {
            defer { libinput_event_destroy(event) }
            let known = router
            if let raw = LibinputEventReader.raw(event, hasSize: { known.size(of: $0) != nil }) {
                events += router.route(raw)
            }
        }
        events += router.flush()
        return events
    }

    /// Closes the devices (VT switch away); libinput_suspend cannot fail.
    public func suspend() {
        libinput_suspend(context)
    }

    /// Reopens the devices after `suspend()` (libinput_resume: −1).
    public func resume() throws(SystemCallError) {
        guard libinput_resume(context) == 0 else {
            throw SystemCallError(call: "libinput_resume", errno: errno, .input(seat))
        }
    }

    /// The input devices on `seat` now, for `bannerd devices`.
    public static func listDevices(seat: String = "seat0") throws(SystemCallError) -> [InputDeviceInfo] {
        let input = try LibinputInput(
            seat: seat, transform: TouchTransform(scanoutSize: .init(width: 1, height: 1)))
        _ = try input.dispatch()
        return input.devices
    }
}

/// libinput's open_restricted: the descriptor, or a negative errno. Non-blocking, so reading never stalls the
/// frame loop, and close-on-exec.
private func openRestricted(path: UnsafePointer<CChar>?, flags: Int32, userData: UnsafeMutableRawPointer?) -> Int32 {
    guard let path else { return -EINVAL }
    let fd = repeatWhileInterrupted { open(path, flags | O_CLOEXEC | O_NONBLOCK) }
    return fd >= 0 ? fd : -errno
}

/// libinput's close_restricted.
private func closeRestricted(fd: Int32, userData: UnsafeMutableRawPointer?) {
    _ = close(fd)
}
