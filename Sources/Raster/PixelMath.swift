/// Integer pixel arithmetic shared by the blitters: exact x·a/255 rounding, source-over and RGB565 packing.
///
/// All inputs are premultiplied 0xAARRGGBB words, so blending never divides.
public enum PixelMath {
    /// `c · a / 255`, rounded to nearest, for c and a in 0…255.
    @inline(__always)
    public static func scale(_ c: UInt32, by a: UInt32) -> UInt32 {
        // Exact rounding of x/255 for x ≤ 255·255 without a division (Blinn's trick).
        let t = c * a + 128
        return (t + (t >> 8)) >> 8
    }

    /// Premultiplied source-over: `src + dst · (255 − srcAlpha) / 255`, per channel including alpha.
    @inline(__always)
    public static func sourceOver(_ src: UInt32, _ dst: UInt32) -> UInt32 {
        let a = src >> 24
        if a == 255 { return src }
        if a == 0 { return dst }
        let k = 255 - a
        // Two channels at a time in 0x00FF00FF lanes: each lane's product fits its 16 bits.
        var rb = (dst & 0x00FF_00FF) &* k &+ 0x0080_0080
        rb = ((rb &+ ((rb >> 8) & 0x00FF_00FF)) >> 8) & 0x00FF_00FF
        var ag = ((dst >> 8) & 0x00FF_00FF) &* k &+ 0x0080_0080
        ag = (ag &+ ((ag >> 8) & 0x00FF_00FF)) & 0xFF00_FF00
        return src &+ (rb | ag)
    }

    /// `p` kept by `coverage` (0…255) and `background` (opaque) the rest, per channel including alpha: a rounded
    /// corner's edge flattened over what lies around the banner.
    @inline(__always)
    public static func cover(_ p: UInt32, by coverage: UInt32, background: UInt32) -> UInt32 {
        var result: UInt32 = 0
        for shift: UInt32 in [0, 8, 16, 24] {
            result |=
                (scale((p >> shift) & 0xFF, by: coverage) + scale((background >> shift) & 0xFF, by: 255 - coverage))
                << shift
        }
        return result
    }

    /// Packs an 8-bit-per-channel 0x??RRGGBB word as RGB565 (top 5/6/5 bits; alpha ignored).
    @inline(__always)
    public static func rgb565(_ p: UInt32) -> UInt16 {
        UInt16(truncatingIfNeeded: ((p >> 8) & 0xF800) | ((p >> 5) & 0x07E0) | ((p >> 3) & 0x001F))
    }

    /// Expands RGB565 to an opaque 0xFFRRGGBB word, replicating the top bits so white stays 0xFF.
    @inline(__always)
    public static func xrgb(fromRGB565 v: UInt16) -> UInt32 {
        let v = UInt32(v)
        let r = (v >> 11) & 0x1F
        let g = (v >> 5) & 0x3F
        let b = v & 0x1F
        return 0xFF00_0000 | ((r << 3 | r >> 2) << 16) | ((g << 2 | g >> 4) << 8) | (b << 3 | b >> 2)
    }
}
