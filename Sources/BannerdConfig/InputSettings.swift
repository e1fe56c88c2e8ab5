import InputTranslation

/// `[input]`: where touch comes from and how it is corrected.
public struct InputSettings: Equatable, Sendable {
    /// The libinput (udev) seat; `seat0` is where udev puts every device unless told otherwise.
    public var seat = "seat0"
    /// A digitizer correction applied on top of the display rotation; nil: libinput's own, which is the udev
    /// property `LIBINPUT_CALIBRATION_MATRIX` when set, else identity. Keep it for the digitizer: rotation is
    /// `[display] rotation`.
    public var calibration: CalibrationMatrix?

    /// seat0, no calibration.
    public init() {}
}
