import DisplaySelection
import Raster
import Testing

@Suite struct ScanoutFormatTests {
    let xr24 = ScanoutFormat.xrgb8888Code
    let rg16 = ScanoutFormat.rgb565Code
    /// DRM_FORMAT_ARGB8888, DRM_FORMAT_BGR888, DRM_FORMAT_BGRX8888: formats bannerd does not draw.
    let ar24: UInt32 = 0x3432_5241
    let bg24: UInt32 = 0x3432_4742
    let bx24: UInt32 = 0x3432_5842

    @Test func autoTakesXRGB8888WhereThePlaneHasIt() {
        // bochs' primary plane on the QEMU board (kmscheck: "primary plane formats: XR24 BX24").
        #expect(ScanoutFormat.choose(requested: nil, offered: [xr24, bx24]) == .xrgb8888)
        #expect(ScanoutFormat.choose(requested: nil, offered: [rg16, bg24, xr24, ar24]) == .xrgb8888)
    }

    @Test func autoTakesRGB565WhereThatIsWhatThePlaneHas() {
        #expect(ScanoutFormat.choose(requested: nil, offered: [rg16]) == .rgb565)
        #expect(ScanoutFormat.choose(requested: nil, offered: [bg24, rg16]) == .rgb565)
    }

    @Test func autoFallsBackToXRGB8888WhenThePlaneDoesNotSay() {
        #expect(ScanoutFormat.choose(requested: nil, offered: nil) == .xrgb8888)
        #expect(ScanoutFormat.choose(requested: nil, offered: []) == .xrgb8888)
        #expect(ScanoutFormat.choose(requested: nil, offered: [bg24]) == .xrgb8888)
    }

    @Test func aFormatTheConfigurationNamesIsTaken() {
        #expect(ScanoutFormat.choose(requested: .rgb565, offered: [xr24]) == .rgb565)
        #expect(ScanoutFormat.choose(requested: .xrgb8888, offered: [rg16]) == .xrgb8888)
    }
}
