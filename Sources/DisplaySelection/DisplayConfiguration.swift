/// What the operator may pin down about the display; everything nil means "choose by capability".
public struct DisplayConfiguration: Equatable, Sendable {
    /// A card path such as `/dev/dri/card1`.
    public var cardPath: String?
    /// A connector's kernel name such as `HDMI-A-1`.
    public var connectorName: String?
    /// A mode to prefer, `WxH[@Hz]`.
    public var mode: ModeRequest?
    /// Overrides the connector's `panel orientation`.
    public var rotation: DisplayRotation?

    /// A configuration; every part is optional.
    public init(
        cardPath: String? = nil, connectorName: String? = nil, mode: ModeRequest? = nil,
        rotation: DisplayRotation? = nil
    ) {
        self.cardPath = cardPath
        self.connectorName = connectorName
        self.mode = mode
        self.rotation = rotation
    }
}
