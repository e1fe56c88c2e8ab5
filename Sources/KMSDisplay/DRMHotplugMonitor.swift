import CLibudev
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Watches udev for DRM change events: a monitor plugged in, unplugged or replugged. Signage screens often start
/// with no monitor, or lose it for a while; on an event the frame loop re-probes (`DRMDisplay.open`), modesets
/// again, re-applies rotation and lays out at the possibly new size.
///
/// Conventions: `udev_new`, `udev_monitor_new_from_netlink` and `udev_monitor_receive_device` return NULL (the
/// last also when nothing is queued on the non-blocking socket); the filter and enable calls return a negative
/// errno.
public final class DRMHotplugMonitor {
    private let udev: OpaquePointer
    private let monitor: OpaquePointer

    /// One DRM device event.
    public struct Event: Equatable, Sendable {
        /// `add`, `remove` or `change` (a connector's status changed when `isHotplug`).
        public var action: String
        /// The device node, e.g. `/dev/dri/card0`, when it has one.
        public var devicePath: String?
        /// Whether the kernel flagged the event `HOTPLUG=1` (connector status changed).
        public var isHotplug: Bool
    }

    /// Subscribes to udev's `drm` events (after udev processed them, so permissions and links are in place).
    public init() throws(SystemCallError) {
        guard let udev = udev_new() else { throw SystemCallError(call: "udev_new", errno: errno, .display("udev")) }
        guard let monitor = udev_monitor_new_from_netlink(udev, "udev") else {
            udev_unref(udev)
            throw SystemCallError(call: "udev_monitor_new_from_netlink", errno: errno, .display("udev"))
        }
        var result = udev_monitor_filter_add_match_subsystem_devtype(monitor, "drm", nil)
        if result == 0 { result = udev_monitor_enable_receiving(monitor) }
        guard result == 0 else {
            udev_monitor_unref(monitor)
            udev_unref(udev)
            throw SystemCallError(call: "udev_monitor_enable_receiving", errno: -result, .display("udev"))
        }
        self.udev = udev
        self.monitor = monitor
    }

    deinit {
        udev_monitor_unref(monitor)
        udev_unref(udev)
    }

    /// Readable when events are queued (the netlink socket is non-blocking).
    public var fileDescriptor: Int32 { udev_monitor_get_fd(monitor) }

    /// Every queued event for card nodes (render nodes and connector sub-devices are left out).
    public func receive() -> [Event] {
        var events: [Event] = []
        while let device = udev_monitor_receive_device(monitor) {
            defer { udev_device_unref(device) }
            let node = udev_device_get_devnode(device).map { String(cString: $0) }
            let name = udev_device_get_sysname(device).map { String(cString: $0) } ?? ""
            guard name.hasPrefix("card"), Int(name.dropFirst(4)) != nil else { continue }
            let action = udev_device_get_action(device).map { String(cString: $0) } ?? "change"
            let hotplug = udev_device_get_property_value(device, "HOTPLUG").map { String(cString: $0) } == "1"
            events.append(Event(action: action, devicePath: node, isHotplug: hotplug))
        }
        return events
    }
}
