import DisplaySelection
import InputTranslation
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The text `bannerd devices` prints, built from the pure resource types so it can be read without hardware.
enum DeviceListing {
    static func card(_ card: CardResources) -> String {
        var text = "\(card.path): driver \(card.driverName), dumb buffers \(card.supportsDumbBuffers ? "yes" : "no")\n"
        for connector in card.connectors {
            text += "  \(connector.name) (connector \(connector.id)): \(status(connector.status))"
            text += ", \(connector.widthMillimetres)x\(connector.heightMillimetres) mm"
            text += ", panel orientation \(connector.panelOrientation?.rawValue ?? "none")\n"
            if let (crtc, mode) = current(connector, on: card) {
                text += "    current: \(mode.map(\.summary) ?? "off") on CRTC \(crtc.id)\n"
            } else {
                text += "    current: not driven\n"
            }
            for mode in connector.modes {
                text += "    mode \(mode.summary)\(mode.isPreferred ? " preferred" : "")\n"
            }
        }
        for crtc in card.crtcs {
            text += "  CRTC \(crtc.id): \(crtc.mode.map(\.summary) ?? "off"), framebuffer \(crtc.bufferID)\n"
        }
        return text
    }

    static func inputs(_ devices: [InputDeviceInfo], seat: String) -> String {
        var text = "input devices on \(seat): \(devices.count)\n"
        for device in devices {
            let size = device.size.map { "\(Int($0.x.rounded()))x\(Int($0.y.rounded())) mm" } ?? "no size"
            text += "  \(device.sysname): \"\(device.name)\", capabilities \(device.capabilities), \(size)\n"
        }
        return text
    }

    private static func status(_ status: ConnectorStatus) -> String {
        switch status {
        case .connected: return "connected"
        case .disconnected: return "disconnected"
        case .unknown: return "unknown"
        }
    }

    /// The CRTC driving the connector now, through its current encoder.
    private static func current(_ connector: ConnectorInfo, on card: CardResources) -> (CRTCInfo, ModeInfo?)? {
        guard let encoder = card.encoders.first(where: { $0.id == connector.encoderID }),
            let crtc = card.crtcs.first(where: { $0.id == encoder.crtcID })
        else { return nil }
        return (crtc, crtc.mode)
    }
}

/// `print(_:to:)` target for standard error.
struct StandardError: TextOutputStream {
    mutating func write(_ string: String) {
        // write(2) on descriptor 2: the C `stderr` global is not concurrency-safe in Swift 6.
        let bytes = Array(string.utf8)
        var offset = 0
        while offset < bytes.count {
            let written = repeatWhileInterrupted {
                bytes.withUnsafeBytes { raw in
                    raw.baseAddress.map { Glibc.write(2, $0 + offset, raw.count - offset) } ?? 0
                }
            }
            guard written >= 0 else { return }
            offset += written
        }
    }
}
