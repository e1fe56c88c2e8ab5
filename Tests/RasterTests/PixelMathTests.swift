import Testing

@testable import Raster

@Suite struct PixelMathTests {
    @Test func scaleRoundsExactlyForEveryChannelAndAlpha() {
        for c in UInt32(0)...255 {
            for a in UInt32(0)...255 {
                let exact = (Double(c) * Double(a) / 255).rounded()
                #expect(PixelMath.scale(c, by: a) == UInt32(exact), "c=\(c) a=\(a)")
            }
        }
    }

    @Test func sourceOverMatchesPerChannelFormula() {
        var rng = SplitMix(seed: 7)
        for _ in 0..<20000 {
            let src = Color(
                red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.byte()
            ).premultipliedARGB
            let dst = Color(red: rng.byte(), green: rng.byte(), blue: rng.byte(), alpha: rng.byte()).premultipliedARGB
            let k = 255 - (src >> 24)
            var expected: UInt32 = 0
            for shift in [UInt32(24), 16, 8, 0] {
                let s = (src >> shift) & 0xFF
                let d = (dst >> shift) & 0xFF
                expected |= (s + UInt32((Double(d) * Double(k) / 255).rounded())) << shift
            }
            #expect(PixelMath.sourceOver(src, dst) == expected)
        }
    }

    @Test func rgb565PacksTopBits() {
        #expect(PixelMath.rgb565(0xFFFF_FFFF) == 0xFFFF)
        #expect(PixelMath.rgb565(0xFF00_0000) == 0x0000)
        #expect(PixelMath.rgb565(0x00FF_0000) == 0xF800)
        #expect(PixelMath.rgb565(0x0000_FF00) == 0x07E0)
        #expect(PixelMath.rgb565(0x0000_00FF) == 0x001F)
        // 0x12 → 00010, 0x34 → 001101, 0x56 → 01010
        #expect(PixelMath.rgb565(0x0012_3456) == 0b00010_001101_01010)
        // Bits below the top 5/6/5 never leak into the neighbour field.
        #expect(PixelMath.rgb565(0x0007_0307) == 0)
    }

    @Test func rgb565ExpandsBackToFullRange() {
        #expect(PixelMath.xrgb(fromRGB565: 0xFFFF) == 0xFFFF_FFFF)
        #expect(PixelMath.xrgb(fromRGB565: 0x0000) == 0xFF00_0000)
        #expect(PixelMath.xrgb(fromRGB565: 0xF800) == 0xFFFF_0000)
        for v in [UInt16(0x1234), 0xABCD, 0x07E0] {
            #expect(PixelMath.rgb565(PixelMath.xrgb(fromRGB565: v)) == v)
        }
    }

    @Test func colorPremultipliesAndBack() {
        let c = Color(red: 200, green: 100, blue: 50, alpha: 128)
        #expect(c.premultipliedARGB == 0x8064_3219)
        let back = Color(premultipliedARGB: c.premultipliedARGB)
        #expect(abs(Int(back.red) - 200) <= 1 && abs(Int(back.green) - 100) <= 1 && abs(Int(back.blue) - 50) <= 1)
        #expect(Color(premultipliedARGB: 0) == .clear)
        #expect(Color(rgb: 0x123456) == Color(red: 0x12, green: 0x34, blue: 0x56))
    }
}

/// A small deterministic generator so property tests are reproducible.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    mutating func byte() -> UInt8 { UInt8(truncatingIfNeeded: next()) }
}
