/// A position in a plane, with its unit in the type so pixels and millimetres never mix.
public struct Point<Unit>: Equatable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// Unit tag: display pixels.
public enum Pixels {}
/// Unit tag: millimetres on the touch panel.
public enum Millimetres {}

/// A position on the display in pixels, after rotation into display coordinates.
public typealias PixelPoint = Point<Pixels>
/// A position on the touch panel in millimetres, when the device reports its physical size.
public typealias MillimetrePoint = Point<Millimetres>

/// The keys bannerd reacts to (remotes and test rigs send arrow keys).
public enum CarouselKey: Equatable, Sendable {
    case left, right, home, end, enter
}

/// One input event as the engine consumes it, whatever device produced it.
///
/// `time` is a monotonic timestamp from the event source (libinput's event time), not the frame time:
/// velocity is estimated from when the finger really moved.
public enum InputEvent: Equatable, Sendable {
    /// A finger touched down. `slot` tells simultaneous contacts apart.
    case touchDown(slot: Int, position: PixelPoint, millimetres: MillimetrePoint?, time: Duration)
    /// A finger moved.
    case touchMotion(slot: Int, position: PixelPoint, millimetres: MillimetrePoint?, time: Duration)
    /// A finger lifted. Like libinput, an up carries no position: the last motion's position stands.
    case touchUp(slot: Int, time: Duration)
    /// The system took the contact away (palm rejection, device gone).
    case touchCancel(slot: Int, time: Duration)
    /// The main pointer button changed state; a mouse drag acts as a finger.
    case pointerButton(pressed: Bool, time: Duration)
    /// The pointer moved to an absolute display position.
    case pointerMotion(position: PixelPoint, time: Duration)
    /// A key was pressed (releases are not reported).
    case key(CarouselKey, time: Duration)

    /// When the event happened.
    public var time: Duration {
        switch self {
        case .touchDown(_, _, _, let time), .touchMotion(_, _, _, let time), .touchUp(_, let time),
            .touchCancel(_, let time), .pointerButton(_, let time), .pointerMotion(_, let time),
            .key(_, let time):
            return time
        }
    }
}
