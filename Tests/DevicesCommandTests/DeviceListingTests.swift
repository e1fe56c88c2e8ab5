import CarouselEngine
import DisplaySelection
import InputTranslation
import Testing

@testable import bannerd

@Suite struct DeviceListingTests {
    func mode(_ width: UInt16, _ height: UInt16, preferred: Bool) -> ModeInfo {
        ModeInfo(
            clock: 65_000, hdisplay: width, hsyncStart: width + 24, hsyncEnd: width + 160, htotal: width + 320,
            hskew: 0, vdisplay: height, vsyncStart: height + 3, vsyncEnd: height + 9, vtotal: height + 38, vscan: 0,
            vrefresh: 60, flags: 0, type: preferred ? ModeInfo.typePreferred : 0, name: "\(width)x\(height)")
    }

    @Test func cardListingShowsConnectorsModesAndCurrentMode() {
        let preferred = mode(1024, 768, preferred: true)
        let card = CardResources(
            path: "/dev/dri/card0", driverName: "bochs-drm", supportsDumbBuffers: true,
            connectors: [
                ConnectorInfo(
                    id: 31, type: .virtual, typeID: 1, status: .connected, widthMillimetres: 260,
                    heightMillimetres: 190, modes: [preferred, mode(800, 600, preferred: false)], encoderID: 34,
                    possibleEncoderIDs: [34], panelOrientation: .rightSideUp),
                ConnectorInfo(id: 32, type: .hdmiA, typeID: 1, status: .disconnected, modes: []),
            ],
            encoders: [EncoderInfo(id: 34, crtcID: 35, possibleCRTCs: 1)],
            crtcs: [CRTCInfo(id: 35, bufferID: 37, mode: preferred)])
        let text = DeviceListing.card(card)
        #expect(
            text == """
                /dev/dri/card0: driver bochs-drm, dumb buffers yes
                  Virtual-1 (connector 31): connected, 260x190 mm, panel orientation Right Side Up
                    current: \(preferred.summary) on CRTC 35
                    mode \(preferred.summary) preferred
                    mode \(mode(800, 600, preferred: false).summary)
                  HDMI-A-1 (connector 32): disconnected, 0x0 mm, panel orientation none
                    current: not driven
                  CRTC 35: \(preferred.summary), framebuffer 37

                """)
    }

    @Test func inputListingShowsCapabilitiesAndSize() {
        let devices = [
            InputDeviceInfo(
                name: "FT5406", sysname: "event1", capabilities: .touch, size: MillimetrePoint(x: 154.2, y: 85.9)),
            InputDeviceInfo(name: "remote", sysname: "event2", capabilities: [.keyboard, .pointer], size: nil),
        ]
        #expect(
            DeviceListing.inputs(devices, seat: "seat0") == """
                input devices on seat0: 2
                  event1: "FT5406", capabilities touch, 154x86 mm
                  event2: "remote", capabilities keyboard pointer, no size

                """)
    }
}
