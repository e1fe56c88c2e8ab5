import DisplaySelection

/// A mode with CEA-like timings whose computed refresh is `hertz`.
func mode(_ width: Int, _ height: Int, _ hertz: Int = 60, preferred: Bool = false, interlaced: Bool = false)
    -> ModeInfo
{
    let htotal = width + 160
    let vtotal = height + 45
    let clock = htotal * vtotal * hertz / 1000 / (interlaced ? 2 : 1)
    return ModeInfo(
        clock: UInt32(clock), hdisplay: UInt16(width), hsyncStart: UInt16(width + 48),
        hsyncEnd: UInt16(width + 80), htotal: UInt16(htotal), hskew: 0, vdisplay: UInt16(height),
        vsyncStart: UInt16(height + 3), vsyncEnd: UInt16(height + 8), vtotal: UInt16(vtotal), vscan: 0,
        vrefresh: UInt32(hertz), flags: interlaced ? ModeInfo.flagInterlace : 0,
        type: preferred ? ModeInfo.typePreferred : 0, name: "\(width)x\(height)\(interlaced ? "i" : "")")
}

func connector(
    id: UInt32, _ type: ConnectorType, _ typeID: UInt32, _ status: ConnectorStatus, modes: [ModeInfo],
    encoder: UInt32 = 0, possible: [UInt32] = [], orientation: PanelOrientation? = nil
) -> ConnectorInfo {
    ConnectorInfo(
        id: id, type: type, typeID: typeID, status: status, widthMillimetres: 520, heightMillimetres: 290,
        modes: modes, encoderID: encoder, possibleEncoderIDs: possible, panelOrientation: orientation)
}

/// A card shaped like a two-output HDMI board: encoders 31/32 each able to use CRTCs 41 and 42.
func twoOutputCard(
    path: String = "/dev/dri/card0", hdmi1: ConnectorStatus = .connected, hdmi2: ConnectorStatus = .disconnected,
    dumb: Bool = true, boundEncoder: UInt32 = 0, encoderCRTC: UInt32 = 0
) -> CardResources {
    let modes = [mode(1280, 720), mode(1920, 1080, preferred: true), mode(1920, 1080, 50)]
    return CardResources(
        path: path, driverName: "vc4", supportsDumbBuffers: dumb,
        connectors: [
            connector(id: 21, .hdmiA, 1, hdmi1, modes: modes, encoder: boundEncoder, possible: [31]),
            connector(id: 22, .hdmiA, 2, hdmi2, modes: modes, possible: [32]),
        ],
        encoders: [
            EncoderInfo(id: 31, crtcID: encoderCRTC, possibleCRTCs: 0b11),
            EncoderInfo(id: 32, crtcID: 0, possibleCRTCs: 0b10),
        ],
        crtcs: [CRTCInfo(id: 41), CRTCInfo(id: 42)])
}
