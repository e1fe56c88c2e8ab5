import CLibinput
import CarouselEngine
import InputTranslation

/// Reads the numbers out of one libinput event. No policy: the translation lives in `LibinputTranslator`.
///
/// Conventions: getters cannot fail on an event of the matching type; `libinput_device_get_size` returns 0 or
/// −1 (no resolution); `libinput_event_get_*_event` returns NULL for a mismatched type.
enum LibinputEventReader {
    /// Normalised coordinates are asked for at this width and divided back, keeping libinput's precision.
    static let normalisingScale: UInt32 = 1 << 20

    static func deviceID(_ device: OpaquePointer) -> InputDeviceID {
        InputDeviceID(rawValue: Int(bitPattern: UnsafeRawPointer(device)))
    }

    static func info(_ device: OpaquePointer) -> InputDeviceInfo {
        var capabilities = InputCapabilities()
        let table: [(libinput_device_capability, InputCapabilities)] = [
            (LIBINPUT_DEVICE_CAP_KEYBOARD, .keyboard), (LIBINPUT_DEVICE_CAP_POINTER, .pointer),
            (LIBINPUT_DEVICE_CAP_TOUCH, .touch), (LIBINPUT_DEVICE_CAP_TABLET_TOOL, .tabletTool),
            (LIBINPUT_DEVICE_CAP_TABLET_PAD, .tabletPad), (LIBINPUT_DEVICE_CAP_GESTURE, .gesture),
            (LIBINPUT_DEVICE_CAP_SWITCH, .switch),
        ]
        for (capability, flag) in table where libinput_device_has_capability(device, capability) != 0 {
            capabilities.insert(flag)
        }
        var width = 0.0
        var height = 0.0
        let size = libinput_device_get_size(device, &width, &height) == 0 ? MillimetrePoint(x: width, y: height) : nil
        return InputDeviceInfo(
            name: libinput_device_get_name(device).map { String(cString: $0) } ?? "?",
            sysname: libinput_device_get_sysname(device).map { String(cString: $0) } ?? "?",
            capabilities: capabilities, size: size,
            // libinput reads the udev property WL_OUTPUT; an empty one binds nothing.
            output: libinput_device_get_output_name(device).map { String(cString: $0) }.flatMap {
                $0.isEmpty ? nil : $0
            })
    }

    /// The raw form of `event`, nil for event kinds bannerd ignores (gestures, tablets, switches, axes).
    static func raw(_ event: OpaquePointer, hasSize: (InputDeviceID) -> Bool) -> RawInputEvent? {
        guard let device = libinput_event_get_device(event) else { return nil }
        let id = deviceID(device)
        let type = libinput_event_get_type(event)
        switch type {
        case LIBINPUT_EVENT_DEVICE_ADDED:
            return .deviceAdded(id, info(device))
        case LIBINPUT_EVENT_DEVICE_REMOVED:
            return .deviceRemoved(id)
        case LIBINPUT_EVENT_TOUCH_DOWN, LIBINPUT_EVENT_TOUCH_MOTION, LIBINPUT_EVENT_TOUCH_UP,
            LIBINPUT_EVENT_TOUCH_CANCEL, LIBINPUT_EVENT_TOUCH_FRAME:
            guard let touch = libinput_event_get_touch_event(event) else { return nil }
            return touchEvent(touch, type: type, id: id, hasSize: hasSize(id))
        case LIBINPUT_EVENT_POINTER_MOTION, LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE, LIBINPUT_EVENT_POINTER_BUTTON:
            guard let pointer = libinput_event_get_pointer_event(event) else { return nil }
            return pointerEvent(pointer, type: type, id: id)
        case LIBINPUT_EVENT_KEYBOARD_KEY:
            guard let keyboard = libinput_event_get_keyboard_event(event) else { return nil }
            return .key(
                id, code: libinput_event_keyboard_get_key(keyboard),
                pressed: libinput_event_keyboard_get_key_state(keyboard) == LIBINPUT_KEY_STATE_PRESSED,
                time: .microseconds(Int64(libinput_event_keyboard_get_time_usec(keyboard))))
        default:
            return nil
        }
    }

    private static func touchEvent(_ touch: OpaquePointer, type: libinput_event_type, id: InputDeviceID, hasSize: Bool)
        -> RawInputEvent?
    {
        let time = Duration.microseconds(Int64(libinput_event_touch_get_time_usec(touch)))
        if type == LIBINPUT_EVENT_TOUCH_FRAME { return .touchFrame(id, time: time) }
        // Only valid for down, up, motion and cancel (libinput.h); frames have no slot.
        let slot = Int(libinput_event_touch_get_seat_slot(touch))
        switch type {
        case LIBINPUT_EVENT_TOUCH_UP: return .touchUp(id, seatSlot: slot, time: time)
        case LIBINPUT_EVENT_TOUCH_CANCEL: return .touchCancel(id, seatSlot: slot, time: time)
        default: break
        }
        // Coordinates exist only for down and motion; up carries none.
        let scale = Double(normalisingScale)
        let panel = NormalizedPoint(
            x: libinput_event_touch_get_x_transformed(touch, normalisingScale) / scale,
            y: libinput_event_touch_get_y_transformed(touch, normalisingScale) / scale)
        let millimetres =
            hasSize
            ? MillimetrePoint(x: libinput_event_touch_get_x(touch), y: libinput_event_touch_get_y(touch)) : nil
        return type == LIBINPUT_EVENT_TOUCH_DOWN
            ? .touchDown(id, seatSlot: slot, panel: panel, millimetres: millimetres, time: time)
            : .touchMotion(id, seatSlot: slot, panel: panel, millimetres: millimetres, time: time)
    }

    private static func pointerEvent(_ pointer: OpaquePointer, type: libinput_event_type, id: InputDeviceID)
        -> RawInputEvent
    {
        let time = Duration.microseconds(Int64(libinput_event_pointer_get_time_usec(pointer)))
        switch type {
        case LIBINPUT_EVENT_POINTER_MOTION:
            return .pointerMotion(
                id, dx: libinput_event_pointer_get_dx(pointer), dy: libinput_event_pointer_get_dy(pointer), time: time)
        case LIBINPUT_EVENT_POINTER_MOTION_ABSOLUTE:
            let scale = Double(normalisingScale)
            let panel = NormalizedPoint(
                x: libinput_event_pointer_get_absolute_x_transformed(pointer, normalisingScale) / scale,
                y: libinput_event_pointer_get_absolute_y_transformed(pointer, normalisingScale) / scale)
            return .pointerMotionAbsolute(id, panel: panel, time: time)
        default:
            return .pointerButton(
                id, button: libinput_event_pointer_get_button(pointer),
                pressed: libinput_event_pointer_get_button_state(pointer) == LIBINPUT_BUTTON_STATE_PRESSED,
                time: time)
        }
    }
}
