/// Picks the CRTC to drive a connector.
public enum CRTCSelection {
    /// The CRTC already bound to the connector's current encoder (no re-routing, no flicker), else the first
    /// CRTC in the `possible_crtcs` mask of the connector's encoders, in encoder order. `excluding` lists CRTCs
    /// another output already uses.
    public static func crtcID(
        for connector: ConnectorInfo, encoders: [EncoderInfo], crtcs: [CRTCInfo], excluding: Set<UInt32> = []
    ) -> UInt32? {
        if connector.encoderID != 0,
            let encoder = encoders.first(where: { $0.id == connector.encoderID }),
            encoder.crtcID != 0, !excluding.contains(encoder.crtcID),
            crtcs.contains(where: { $0.id == encoder.crtcID })
        {
            return encoder.crtcID
        }
        for encoderID in connector.possibleEncoderIDs {
            guard let encoder = encoders.first(where: { $0.id == encoderID }) else { continue }
            // The mask indexes the card's CRTC list; only 32 bits exist in the kernel's field.
            for (index, crtc) in crtcs.enumerated() where index < 32 {
                if encoder.possibleCRTCs & (1 << UInt32(index)) != 0, !excluding.contains(crtc.id) {
                    return crtc.id
                }
            }
        }
        return nil
    }
}
