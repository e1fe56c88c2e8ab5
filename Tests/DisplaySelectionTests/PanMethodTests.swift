import DisplaySelection
import Testing

@Suite struct PanMethodTests {
    @Test func measuredDriversHaveTheirMethodAndOthersNone() {
        #expect(PanMethod.measured(driver: "bochs-drm") == .framebufferOffset)
        #expect(PanMethod.measured(driver: "virtio_gpu") == .planeSource)
        #expect(PanMethod.measured(driver: "vc4") == nil)
        #expect(PanMethod(rawValue: "plane-source") == .planeSource)
    }
}
