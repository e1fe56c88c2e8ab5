import CLibDRM
import CLinuxFB
import DisplaySelection
import Raster
import SystemCalls
import Testing

@testable import KMSDisplay

@Suite struct LibDRMConversionTests {
    @Test func modeRoundTripsThroughLibdrm() {
        let mode = ModeInfo(
            clock: 65_000, hdisplay: 1024, hsyncStart: 1048, hsyncEnd: 1184, htotal: 1344, hskew: 0, vdisplay: 768,
            vsyncStart: 771, vsyncEnd: 777, vtotal: 806, vscan: 0, vrefresh: 60, flags: 0xA, type: 0x48,
            name: "1024x768")
        let drm = mode.drmMode
        #expect(drm.hdisplay == 1024 && drm.vtotal == 806 && drm.clock == 65_000 && drm.type == 0x48)
        #expect(ModeInfo(drm) == mode)
    }

    @Test func longNamesAreCutToTheKernelsLength() {
        var mode = ModeInfo(
            clock: 1, hdisplay: 1, hsyncStart: 1, hsyncEnd: 1, htotal: 1, hskew: 0, vdisplay: 1, vsyncStart: 1,
            vsyncEnd: 1, vtotal: 1, vscan: 0, vrefresh: 0, flags: 0, type: 0, name: "")
        mode.name = String(repeating: "x", count: 40)
        #expect(ModeInfo(mode.drmMode).name == String(repeating: "x", count: 31))
    }

    @Test func macroValuesMatchTheHeaders() {
        // fourcc_code(a, b, c, d) = a | b << 8 | c << 16 | d << 24 (drm_fourcc.h).
        func fourcc(_ text: String) -> UInt32 {
            text.utf8.enumerated().reduce(0) { $0 | UInt32($1.element) << (8 * UInt32($1.offset)) }
        }
        #expect(ScanoutFormat.xrgb8888Code == fourcc("XR24"))
        #expect(ScanoutFormat.rgb565Code == fourcc("RG16"))
        #expect(DRMConstants.fourcc(.xrgb8888) == (fourcc("XR24"), 32))
        #expect(DRMConstants.fourcc(.rgb565) == (fourcc("RG16"), 16))
        #expect(DRMConstants.eventContextVersion <= DRM_EVENT_CONTEXT_VERSION)
        #expect(DRMConstants.clientCapabilityUniversalPlanes == UInt64(DRM_CLIENT_CAP_UNIVERSAL_PLANES))
        #expect(DRMConstants.objectPlane == UInt32(DRM_MODE_OBJECT_PLANE))
    }

    @Test func fbdevLayoutsAreRecognised() {
        var info = fb_var_screeninfo()
        info.bits_per_pixel = 32
        info.red.offset = 16
        info.green.offset = 8
        #expect(FbdevDisplay.format(info) == .xrgb8888)
        info.red.offset = 0
        info.blue.offset = 16
        #expect(FbdevDisplay.format(info) == nil)  // XBGR: not drawn by bannerd
        var rgb565 = fb_var_screeninfo()
        rgb565.bits_per_pixel = 16
        rgb565.red.offset = 11
        rgb565.green.offset = 5
        #expect(FbdevDisplay.format(rgb565) == .rgb565)
        rgb565.bits_per_pixel = 24
        #expect(FbdevDisplay.format(rgb565) == nil)
    }

    @Test func missingDeviceDirectoryIsOneClearError() {
        #expect(throws: SystemCallError(call: "opendir", errno: 2, .display("/nonexistent/dri"))) {
            try DRMCard.cardPaths(directory: "/nonexistent/dri")
        }
    }
}
