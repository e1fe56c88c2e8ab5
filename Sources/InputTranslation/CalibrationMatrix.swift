/// A 2×3 affine matrix over normalised panel coordinates, the form libinput and udev use
/// (`LIBINPUT_CALIBRATION_MATRIX="a b c d e f"`): x' = a·x + b·y + c, y' = d·x + e·y + f.
public struct CalibrationMatrix: Equatable, Sendable {
    /// x' coefficient of x.
    public var a: Double
    /// x' coefficient of y.
    public var b: Double
    /// x' offset.
    public var c: Double
    /// y' coefficient of x.
    public var d: Double
    /// y' coefficient of y.
    public var e: Double
    /// y' offset.
    public var f: Double

    /// The matrix `a b c d e f`, row by row.
    public init(_ a: Double, _ b: Double, _ c: Double, _ d: Double, _ e: Double, _ f: Double) {
        self.a = a
        self.b = b
        self.c = c
        self.d = d
        self.e = e
        self.f = f
    }

    /// No correction.
    public static let identity = CalibrationMatrix(1, 0, 0, 0, 1, 0)

    /// Parses six numbers separated by spaces, as in the udev property; nil otherwise.
    public init?(parsing text: String) {
        let numbers = text.split(whereSeparator: { $0 == " " || $0 == "\t" }).compactMap { Double($0) }
        guard numbers.count == 6, text.split(whereSeparator: { $0 == " " || $0 == "\t" }).count == 6,
            numbers.allSatisfy(\.isFinite)
        else { return nil }
        self.init(numbers[0], numbers[1], numbers[2], numbers[3], numbers[4], numbers[5])
    }

    /// The matrix applied to a normalised point.
    public func apply(_ point: NormalizedPoint) -> NormalizedPoint {
        NormalizedPoint(x: a * point.x + b * point.y + c, y: d * point.x + e * point.y + f)
    }
}

/// A position on a device as a fraction of its width and height, 0 at the top left, in the panel's native
/// (scanout) orientation.
public struct NormalizedPoint: Equatable, Sendable {
    /// Fraction of the width, 0 at the left.
    public var x: Double
    /// Fraction of the height, 0 at the top.
    public var y: Double

    /// A normalised point.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}
