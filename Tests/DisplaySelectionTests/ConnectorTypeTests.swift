import DisplaySelection
import Testing

@Suite struct ConnectorTypeTests {
    @Test(arguments: [
        (UInt32(11), UInt32(1), "HDMI-A-1"), (16, 1, "DSI-1"), (15, 1, "Virtual-1"), (10, 2, "DP-2"),
        (14, 1, "eDP-1"), (1, 1, "VGA-1"), (3, 1, "DVI-D-1"), (19, 1, "SPI-1"), (0, 3, "Unknown-3"),
        (99, 1, "Unknown99-1"),
    ])
    func namesFollowTheKernel(type: UInt32, typeID: UInt32, expected: String) {
        #expect(ConnectorType(rawValue: type).connectorName(typeID: typeID) == expected)
    }

    @Test func connectorInfoUsesItsTypeAndIndex() {
        let info = connector(id: 5, .dsi, 2, .connected, modes: [])
        #expect(info.name == "DSI-2")
    }
}
