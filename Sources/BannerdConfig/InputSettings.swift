import InputTranslation

/// `[input]`: where touch comes from and how it is corrected.
public struct InputSettings: Equatable, Sendable {
    /// The libinput (udev) seat; `seat0` is where udev puts every device unless told otherwise.
    public var seat = "seat0"
    /// A digitizer correction applied on top of the display rotation; nil: libinput's own, which is the udev
    /// property `LIBINPUT_CALIBRATION_MATRIX` when set, else identity. Keep it for the digitizer: rotation is
    /// `[display] rotation`.
    public var calibration: CalibrationMatrix?
    /// The output (a connector's name) whose carousel touch and keys move, for devices udev binds to no output
    /// (their `WL_OUTPUT` property binds them); nil: the first output.
    public var output: String?

    /// seat0, no calibration, the first output.
    public init() {}
}
