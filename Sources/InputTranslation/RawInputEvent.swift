import CarouselEngine

/// Identifies one input device for the lifetime of its being plugged in.
public struct InputDeviceID: Hashable, Sendable {
    /// An opaque number (the wrapper uses the device's address).
    public var rawValue: Int

    /// An id from its number.
    public init(rawValue: Int) {
        self.rawValue = rawValue
    }
}

/// The numbers the libinput wrapper extracts from one libinput event, with no policy applied.
///
/// Times are libinput's event times (`CLOCK_MONOTONIC`), already converted from microseconds.
public enum RawInputEvent: Equatable, Sendable {
    case deviceAdded(InputDeviceID, InputDeviceInfo)
    case deviceRemoved(InputDeviceID)
    /// `seatSlot` is unique across the seat's devices; `panel` is normalised; `millimetres` is nil when the
    /// device has no resolution.
    case touchDown(InputDeviceID, seatSlot: Int, panel: NormalizedPoint, millimetres: MillimetrePoint?, time: Duration)
    case touchMotion(
        InputDeviceID, seatSlot: Int, panel: NormalizedPoint, millimetres: MillimetrePoint?, time: Duration)
    case touchUp(InputDeviceID, seatSlot: Int, time: Duration)
    case touchCancel(InputDeviceID, seatSlot: Int, time: Duration)
    /// Ends a batch of touch events that happened together (one evdev SYN_REPORT).
    case touchFrame(InputDeviceID, time: Duration)
    /// A relative pointer moved by `dx`, `dy` (libinput's accelerated, pixel-like units).
    case pointerMotion(InputDeviceID, dx: Double, dy: Double, time: Duration)
    /// An absolute pointer (QEMU tablet, some touch-to-mouse bridges) moved to `panel`.
    case pointerMotionAbsolute(InputDeviceID, panel: NormalizedPoint, time: Duration)
    /// A pointer button; `button` is the evdev code (BTN_LEFT 0x110).
    case pointerButton(InputDeviceID, button: UInt32, pressed: Bool, time: Duration)
    /// A key; `code` is the evdev key code.
    case key(InputDeviceID, code: UInt32, pressed: Bool, time: Duration)
}

extension RawInputEvent {
    /// The event's time; device added and removed carry none.
    public var time: Duration? {
        switch self {
        case .deviceAdded, .deviceRemoved: return nil
        case .touchDown(_, _, _, _, let time), .touchMotion(_, _, _, _, let time), .touchUp(_, _, let time),
            .touchCancel(_, _, let time), .touchFrame(_, let time), .pointerMotion(_, _, _, let time),
            .pointerMotionAbsolute(_, _, let time), .pointerButton(_, _, _, let time), .key(_, _, _, let time):
            return time
        }
    }
}

/// What bannerd knows about an input device (as in `libinput list-devices`).
public struct InputDeviceInfo: Equatable, Sendable {
    /// The device's name, e.g. `FT5406 memory based driver`.
    public var name: String
    /// The kernel's event node name, e.g. `event3`.
    public var sysname: String
    /// What the device can do.
    public var capabilities: InputCapabilities
    /// Width and height in millimetres, nil when the device has no resolution.
    public var size: MillimetrePoint?
    /// The output udev binds the device to (its `WL_OUTPUT` property, a connector's name), nil when none.
    public var output: String?

    /// Device information from its parts.
    public init(
        name: String, sysname: String, capabilities: InputCapabilities, size: MillimetrePoint?, output: String? = nil
    ) {
        self.name = name
        self.sysname = sysname
        self.capabilities = capabilities
        self.size = size
        self.output = output
    }
}

/// The capabilities libinput reports for a device (`LIBINPUT_DEVICE_CAP_*`).
public struct InputCapabilities: OptionSet, Hashable, Sendable, CustomStringConvertible {
    /// `LIBINPUT_DEVICE_CAP_*` bits, as a set.
    public var rawValue: UInt32

    /// Capabilities from their bits.
    public init(rawValue: UInt32) {
        self.rawValue = rawValue
    }

    /// Keys.
    public static let keyboard = InputCapabilities(rawValue: 1 << 0)
    /// A mouse or absolute pointer.
    public static let pointer = InputCapabilities(rawValue: 1 << 1)
    /// A touchscreen.
    public static let touch = InputCapabilities(rawValue: 1 << 2)
    /// A tablet tool (pen).
    public static let tabletTool = InputCapabilities(rawValue: 1 << 3)
    /// A tablet's button pad.
    public static let tabletPad = InputCapabilities(rawValue: 1 << 4)
    /// Touchpad gestures.
    public static let gesture = InputCapabilities(rawValue: 1 << 5)
    /// Lid or tablet-mode switches.
    public static let `switch` = InputCapabilities(rawValue: 1 << 6)

    /// Short names as `libinput list-devices` prints them.
    public var description: String {
        let names: [(InputCapabilities, String)] = [
            (.keyboard, "keyboard"), (.pointer, "pointer"), (.touch, "touch"), (.tabletTool, "tablet"),
            (.tabletPad, "pad"), (.gesture, "gesture"), (.switch, "switch"),
        ]
        let present = names.filter { contains($0.0) }.map(\.1)
        return present.isEmpty ? "none" : present.joined(separator: " ")
    }
}
