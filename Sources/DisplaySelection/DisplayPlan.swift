/// The outcome of selection: which card, connector, CRTC and modes (in the order to try them) to use.
public struct DisplayPlan: Equatable, Sendable {
    /// The card node, e.g. `/dev/dri/card0`.
    public var cardPath: String
    /// The connector to light up.
    public var connector: ConnectorInfo
    /// The CRTC to drive it with.
    public var crtcID: UInt32
    /// Modes to try in order; the first that modesets wins.
    public var modeCandidates: [ModeInfo]
    /// The rotation to draw with: configured, else the panel's.
    public var rotation: DisplayRotation
    /// False when a mode was configured but the connector does not offer it (worth one warning).
    public var requestedModeAvailable: Bool

    /// A plan from its parts.
    public init(
        cardPath: String, connector: ConnectorInfo, crtcID: UInt32, modeCandidates: [ModeInfo],
        rotation: DisplayRotation, requestedModeAvailable: Bool
    ) {
        self.cardPath = cardPath
        self.connector = connector
        self.crtcID = crtcID
        self.modeCandidates = modeCandidates
        self.rotation = rotation
        self.requestedModeAvailable = requestedModeAvailable
    }
}

/// Why no display could be chosen; each case reads as one line a user can act on.
public enum SelectionFailure: Error, Equatable, Sendable, CustomStringConvertible {
    case noCards
    case cardNotFound(path: String)
    case connectorNotFound(name: String, available: [String])
    /// Every card was looked at; `reasons` says per card why it was passed over.
    case noUsableCard(reasons: [String])

    /// One line a user can act on.
    public var description: String {
        switch self {
        case .noCards:
            return "no DRM cards found (is a KMS driver loaded?)"
        case .cardNotFound(let path):
            return "configured card \(path) does not exist or is not a KMS card"
        case .connectorNotFound(let name, let available):
            let list = available.isEmpty ? "none" : available.joined(separator: ", ")
            return "connector \(name) not found; connectors present: \(list)"
        case .noUsableCard(let reasons):
            return "no usable display: " + reasons.joined(separator: "; ")
        }
    }
}
