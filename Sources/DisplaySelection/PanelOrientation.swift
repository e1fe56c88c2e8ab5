/// The connector property `panel orientation` (drm_connector.c): how the panel is mounted in its casing.
///
/// Touch panels (INPUT_PROP_DIRECT) still report in the panel's own coordinates, so the rotation derived from
/// this applies to touch as well as to the picture.
public enum PanelOrientation: String, Equatable, Sendable, CaseIterable {
    case normal = "Normal"
    case upsideDown = "Upside Down"
    case leftSideUp = "Left Side Up"
    case rightSideUp = "Right Side Up"

    /// Parses the property's enum name as the kernel spells it; nil for names this kernel rule does not know.
    public init?(kernelName: String) {
        self.init(rawValue: kernelName)
    }

    /// The rotation that makes content upright on such a panel. A panel whose left side is up is turned a quarter
    /// clockwise in its casing, so content is turned a quarter counter-clockwise (270° clockwise) to undo it.
    public var correctingRotation: DisplayRotation {
        switch self {
        case .normal: return .none
        case .upsideDown: return .clockwise180
        case .leftSideUp: return .clockwise270
        case .rightSideUp: return .clockwise90
        }
    }
}
