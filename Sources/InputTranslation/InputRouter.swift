import CarouselEngine
import DisplaySelection

/// An engine event and the output whose carousel it is for.
public struct RoutedInputEvent: Equatable, Sendable {
    /// The output's name (its connector's); nil: the default output (`InputRouter.defaultOutput` not driven, or none
    /// named).
    public var output: String?
    public var event: InputEvent

    public init(output: String?, event: InputEvent) {
        self.output = output
        self.event = event
    }
}

/// Input for several outputs: each device belongs to one output and moves only its carousel, mapped to that
/// output's screen. A device udev binds to an output (`WL_OUTPUT`, `InputDeviceInfo.output`) belongs to it while
/// it is driven, else one the configuration names it for (`deviceOutputs`, by the device's name); any other device
/// (and keys, pointers) to `defaultOutput`. One translator per output keeps each output's contacts apart. Pure: fed
/// fabricated events in tests.
public struct InputRouter: Sendable {
    /// The output of devices bound to none (or to one not driven); nil: the first output.
    public private(set) var defaultOutput: String?
    /// Each driven output's mapping to its screen's pixels, by name; the default output's is `defaultTransform`.
    private var transforms: [String: TouchTransform] = [:]
    private var defaultTransform: TouchTransform
    private var translators: [String?: LibinputTranslator] = [:]
    /// Each device present and the output it belongs to now.
    private var devices: [InputDeviceID: (info: InputDeviceInfo, output: String?)] = [:]
    /// The output the configuration names for a device, by the device's name (udev's binding wins).
    private let deviceOutputs: [String: String]

    /// A router whose every device belongs to the default output, mapped by `transform`, but those `deviceOutputs`
    /// names (device name: output name) while their outputs are driven.
    public init(transform: TouchTransform, deviceOutputs: [String: String] = [:]) {
        defaultTransform = transform
        self.deviceOutputs = deviceOutputs
    }

    /// The devices present now.
    public var deviceInfos: [InputDeviceInfo] { devices.values.map(\.info) }

    /// The output `device` belongs to now (nil: the default output).
    public func output(of device: InputDeviceID) -> String? { devices[device]?.output }

    /// The size of `device` in millimetres, nil when it has no resolution or is not present.
    public func size(of device: InputDeviceID) -> MillimetrePoint? { devices[device]?.info.size }

    /// The outputs driven now and each one's mapping, and the default output (nil: the first one, whose mapping is
    /// `defaultTransform`). A device whose output changes has its contacts cancelled on the one it leaves (they are
    /// returned, for that output).
    public mutating func drive(
        _ outputs: [(name: String, transform: TouchTransform)], defaultOutput: String?,
        defaultTransform: TouchTransform
    ) -> [RoutedInputEvent] {
        transforms = Dictionary(outputs.map { ($0.name, $0.transform) }, uniquingKeysWith: { first, _ in first })
        self.defaultOutput = defaultOutput.flatMap { transforms[$0] != nil ? $0 : nil }
        self.defaultTransform = defaultTransform
        for key in Array(translators.keys) {
            let mapping = transform(of: key)
            translators[key]?.transform = mapping
        }
        var cancelled: [RoutedInputEvent] = []
        for (id, device) in devices {
            let target = output(for: device.info)
            guard target != device.output else { continue }
            cancelled += translated(.deviceRemoved(id), output: device.output)
            devices[id]?.output = target
            _ = translated(.deviceAdded(id, device.info), output: target)
        }
        return cancelled
    }

    /// Routes one raw event to its device's output: the events ready for the engine (touches wait for their frame).
    public mutating func route(_ raw: RawInputEvent) -> [RoutedInputEvent] {
        switch raw {
        case .deviceAdded(let id, let info):
            let target = output(for: info)
            devices[id] = (info, target)
            return translated(raw, output: target)
        case .deviceRemoved(let id):
            let target = devices[id]?.output
            devices[id] = nil
            return translated(raw, output: target)
        default:
            return translated(raw, output: raw.device.flatMap { devices[$0]?.output })
        }
    }

    /// Releases touch events still waiting for a frame, on every output (`LibinputTranslator.flush`).
    public mutating func flush() -> [RoutedInputEvent] {
        var events: [RoutedInputEvent] = []
        for key in translators.keys.sorted(by: { ($0 ?? "") < ($1 ?? "") }) {
            events += (translators[key]?.flush() ?? []).map { RoutedInputEvent(output: key, event: $0) }
        }
        return events
    }

    /// The output a device with `info` belongs to: the one udev binds it to, else the one the configuration names
    /// for it, while that one is driven; else the default.
    private func output(for info: InputDeviceInfo) -> String? {
        let bound = info.output ?? deviceOutputs[info.name]
        return bound.flatMap { transforms[$0] != nil ? $0 : nil } ?? defaultOutput
    }

    private func transform(of output: String?) -> TouchTransform {
        output.flatMap { transforms[$0] } ?? defaultTransform
    }

    private mutating func translated(_ raw: RawInputEvent, output: String?) -> [RoutedInputEvent] {
        if translators[output] == nil { translators[output] = LibinputTranslator(transform: transform(of: output)) }
        return (translators[output]?.translate(raw) ?? []).map { RoutedInputEvent(output: output, event: $0) }
    }
}

extension RawInputEvent {
    /// The device the event came from.
    public var device: InputDeviceID? {
        switch self {
        case .deviceAdded(let id, _), .deviceRemoved(let id), .touchDown(let id, _, _, _, _),
            .touchMotion(let id, _, _, _, _), .touchUp(let id, _, _), .touchCancel(let id, _, _),
            .touchFrame(let id, _), .pointerMotion(let id, _, _, _), .pointerMotionAbsolute(let id, _, _),
            .pointerButton(let id, _, _, _), .key(let id, _, _, _):
            return id
        }
    }
}
