import CarouselEngine
import DisplaySelection

/// Turns the libinput wrapper's raw events into the engine's `InputEvent`s. Pure: fed fabricated values in tests.
///
/// - Touch events are held until their TOUCH_FRAME, so one evdev report reaches the engine together; `flush()`
///   releases a batch whose frame never came (an up with no frame).
/// - A touch up has no position in libinput: each slot's last position is kept, and an up or cancel for a slot
///   that never went down (it was down before bannerd started) is dropped.
/// - A device that goes away cancels its contacts and releases its pressed button; it never throws.
/// - Pointers act as a finger: absolute positions through the display transform, relative motion accumulated,
///   both clamped to the display; only the left button counts.
public struct LibinputTranslator: Sendable {
    /// The mapping to display pixels; replace it after a modeset.
    public var transform: TouchTransform
    /// The devices present, by id.
    public private(set) var devices: [InputDeviceID: InputDeviceInfo] = [:]
    private var slots: [Int: (device: InputDeviceID, position: PixelPoint)] = [:]
    private var pendingTouches: [InputEvent] = []
    private var pointerPosition: PixelPoint
    private var buttonHeldBy: InputDeviceID?
    private var latestTime: Duration = .zero

    /// `BTN_LEFT` (linux/input-event-codes.h).
    public static let leftButton: UInt32 = 0x110

    /// A translator with no devices, the pointer centred.
    public init(transform: TouchTransform) {
        self.transform = transform
        let size = transform.displaySize
        pointerPosition = PixelPoint(x: Double(size.width) / 2, y: Double(size.height) / 2)
    }

    /// The last position of every finger currently down, by slot.
    public var activeSlots: [Int: PixelPoint] { slots.mapValues(\.position) }

    /// Translates one raw event; returns the events ready for the engine (touches wait for their frame).
    public mutating func translate(_ raw: RawInputEvent) -> [InputEvent] {
        if let time = raw.time { latestTime = max(latestTime, time) }
        switch raw {
        case .deviceAdded(let id, let info):
            devices[id] = info
            return []
        case .deviceRemoved(let id):
            return removeDevice(id)
        case .touchDown(let id, let slot, let panel, let millimetres, let time):
            let position = transform.displayPoint(touch: panel)
            slots[slot] = (id, position)
            pendingTouches.append(
                .touchDown(slot: slot, position: position, millimetres: upright(millimetres, id), time: time))
            return []
        case .touchMotion(let id, let slot, let panel, let millimetres, let time):
            let position = transform.displayPoint(touch: panel)
            // A motion for an unknown slot means its down was missed: it starts a contact.
            let known = slots[slot] != nil
            slots[slot] = (id, position)
            let mm = upright(millimetres, id)
            pendingTouches.append(
                known
                    ? .touchMotion(slot: slot, position: position, millimetres: mm, time: time)
                    : .touchDown(slot: slot, position: position, millimetres: mm, time: time))
            return []
        case .touchUp(_, let slot, let time):
            guard slots.removeValue(forKey: slot) != nil else { return [] }
            pendingTouches.append(.touchUp(slot: slot, time: time))
            return []
        case .touchCancel(_, let slot, let time):
            guard slots.removeValue(forKey: slot) != nil else { return [] }
            pendingTouches.append(.touchCancel(slot: slot, time: time))
            return []
        case .touchFrame:
            return flush()
        case .pointerMotion(_, let dx, let dy, let time):
            let moved = PixelPoint(x: pointerPosition.x + dx, y: pointerPosition.y + dy)
            pointerPosition = transform.clamp(moved)
            return [.pointerMotion(position: pointerPosition, time: time)]
        case .pointerMotionAbsolute(_, let panel, let time):
            pointerPosition = transform.displayPoint(pointer: panel)
            return [.pointerMotion(position: pointerPosition, time: time)]
        case .pointerButton(let id, let button, let pressed, let time):
            guard button == Self.leftButton else { return [] }
            // Two mice: the first press owns the "finger" until it is released.
            if pressed {
                guard buttonHeldBy == nil else { return [] }
                buttonHeldBy = id
            } else {
                guard buttonHeldBy == id else { return [] }
                buttonHeldBy = nil
            }
            return [.pointerButton(pressed: pressed, time: time)]
        case .key(_, let code, let pressed, let time):
            guard pressed, let key = Self.carouselKey(code: code) else { return [] }
            return [.key(key, time: time)]
        }
    }

    /// Releases touch events still waiting for a frame. Called at the end of each dispatch: libinput queues
    /// whole evdev reports, so anything left then will not get a frame.
    public mutating func flush() -> [InputEvent] {
        defer { pendingTouches = [] }
        return pendingTouches
    }

    /// The keys bannerd reacts to, by evdev code (linux/input-event-codes.h).
    public static func carouselKey(code: UInt32) -> CarouselKey? {
        switch code {
        case 105: return .left  // KEY_LEFT
        case 106: return .right  // KEY_RIGHT
        case 102: return .home  // KEY_HOME
        case 107: return .end  // KEY_END
        case 28, 96: return .enter  // KEY_ENTER, KEY_KPENTER
        default: return nil
        }
    }

    private func upright(_ millimetres: MillimetrePoint?, _ device: InputDeviceID) -> MillimetrePoint? {
        guard let millimetres, let size = devices[device]?.size else { return millimetres }
        return transform.uprightMillimetres(millimetres, panelSize: size)
    }

    private mutating func removeDevice(_ id: InputDeviceID) -> [InputEvent] {
        devices[id] = nil
        var events = flush()
        // A device going away carries no timestamp: reuse the latest one seen so times stay monotonic.
        let time = latestTime
        for slot in slots.filter({ $0.value.device == id }).keys.sorted() {
            slots[slot] = nil
            events.append(.touchCancel(slot: slot, time: time))
        }
        if buttonHeldBy == id {
            buttonHeldBy = nil
            events.append(.pointerButton(pressed: false, time: time))
        }
        return events
    }
}
