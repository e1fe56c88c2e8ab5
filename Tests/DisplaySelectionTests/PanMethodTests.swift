import DisplaySelection
import Testing

@Suite struct PanMethodTests {
    @Test func measuredDriversHaveTheirMethodAndOthersNone() {
        #expect(PanMethod.measured(driver: "bochs-drm") == .framebufferOffset)
        #expect(PanMethod.measured(driver: "virtio_gpu") == .planeSource)
        #expect(PanMethod.measured(driver: "vc4") == nil)
    }

    @Test func theSettingPansWhereMeasuredOnAutoEverywhereOnPanNowhereOnCompose() {
        #expect(ScanoutSetting.auto.panMethod(driver: "bochs-drm") == .framebufferOffset)
        #expect(ScanoutSetting.auto.panMethod(driver: "vc4") == nil)
        #expect(ScanoutSetting.pan.panMethod(driver: "bochs-drm") == .framebufferOffset)
        #expect(ScanoutSetting.pan.panMethod(driver: "vc4") == .planeSource)
        #expect(ScanoutSetting.compose.panMethod(driver: "virtio_gpu") == nil)
    }
}
