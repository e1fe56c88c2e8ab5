/// Whether something is plugged into a connector (`drmModeConnection` in xf86drmMode.h).
public enum ConnectorStatus: Equatable, Sendable {
    case connected
    case disconnected
    /// Some drivers cannot tell (always-on panels, some VGA); bannerd uses such a connector when no other is
    /// connected.
    case unknown
}

/// A connector as the pure selection logic sees it: the `drmModeConnector` fields plus its `panel orientation`.
public struct ConnectorInfo: Equatable, Sendable {
    /// The KMS object id.
    public var id: UInt32
    /// The kind of connector.
    public var type: ConnectorType
    /// The per-type index the kernel numbers connectors with (the `1` in `HDMI-A-1`).
    public var typeID: UInt32
    /// Whether a display is plugged in.
    public var status: ConnectorStatus
    /// Physical width in millimetres (0 when unknown).
    public var widthMillimetres: UInt32
    /// Physical height in millimetres (0 when unknown).
    public var heightMillimetres: UInt32
    /// The modes the connector offers, in the driver's order.
    public var modes: [ModeInfo]
    /// The encoder currently driving the connector, or 0.
    public var encoderID: UInt32
    /// The encoders that can drive the connector.
    public var possibleEncoderIDs: [UInt32]
    /// The connector's `panel orientation` property, when it has one.
    public var panelOrientation: PanelOrientation?

    /// A connector from its parts.
    public init(
        id: UInt32, type: ConnectorType, typeID: UInt32, status: ConnectorStatus, widthMillimetres: UInt32 = 0,
        heightMillimetres: UInt32 = 0, modes: [ModeInfo], encoderID: UInt32 = 0, possibleEncoderIDs: [UInt32] = [],
        panelOrientation: PanelOrientation? = nil
    ) {
        self.id = id
        self.type = type
        self.typeID = typeID
        self.status = status
        self.widthMillimetres = widthMillimetres
        self.heightMillimetres = heightMillimetres
        self.modes = modes
        self.encoderID = encoderID
        self.possibleEncoderIDs = possibleEncoderIDs
        self.panelOrientation = panelOrientation
    }

    /// The kernel's name for the connector, e.g. `HDMI-A-1`.
    public var name: String { type.connectorName(typeID: typeID) }
}

/// An encoder (`drmModeEncoder`): which CRTC it is bound to and which it could be.
public struct EncoderInfo: Equatable, Sendable {
    /// The KMS object id.
    public var id: UInt32
    /// The bound CRTC, or 0.
    public var crtcID: UInt32
    /// Bit `i` set means the CRTC at index `i` of the card's CRTC list can drive this encoder.
    public var possibleCRTCs: UInt32

    /// An encoder from its parts.
    public init(id: UInt32, crtcID: UInt32, possibleCRTCs: UInt32) {
        self.id = id
        self.crtcID = crtcID
        self.possibleCRTCs = possibleCRTCs
    }
}

/// A CRTC (`drmModeCrtc`) and what it shows now.
public struct CRTCInfo: Equatable, Sendable {
    /// The KMS object id.
    public var id: UInt32
    /// The framebuffer on screen, or 0.
    public var bufferID: UInt32
    /// The active mode, nil when the CRTC is off.
    public var mode: ModeInfo?

    /// A CRTC from its parts.
    public init(id: UInt32, bufferID: UInt32 = 0, mode: ModeInfo? = nil) {
        self.id = id
        self.bufferID = bufferID
        self.mode = mode
    }
}

/// Everything one DRM card offers, in the kernel's order (CRTC order matters: `possibleCRTCs` indexes it).
public struct CardResources: Equatable, Sendable {
    /// The card node, e.g. `/dev/dri/card0`.
    public var path: String
    /// The kernel driver's name, e.g. `bochs-drm`.
    public var driverName: String
    /// Whether the driver offers dumb buffers (DRM_CAP_DUMB_BUFFER).
    public var supportsDumbBuffers: Bool
    /// The connectors, in the kernel's order.
    public var connectors: [ConnectorInfo]
    /// The encoders, in the kernel's order.
    public var encoders: [EncoderInfo]
    /// The CRTCs, in the kernel's order (`possibleCRTCs` indexes this).
    public var crtcs: [CRTCInfo]

    /// Resources from their parts.
    public init(
        path: String, driverName: String, supportsDumbBuffers: Bool, connectors: [ConnectorInfo],
        encoders: [EncoderInfo], crtcs: [CRTCInfo]
    ) {
        self.path = path
        self.driverName = driverName
        self.supportsDumbBuffers = supportsDumbBuffers
        self.connectors = connectors
        self.encoders = encoders
        self.crtcs = crtcs
    }
}
