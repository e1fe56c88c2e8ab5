/// A colour with straight (non-premultiplied) alpha, 8 bits per channel.
///
/// Colours are given straight because that is how people and manifests write them; `Bitmap` stores them
/// premultiplied (see `premultipliedARGB`).
public struct Color: Equatable, Hashable, Sendable {
    /// Channels, 0…255, alpha straight (not premultiplied).
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    /// A colour from its four channels; `alpha` defaults to opaque.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// A colour from a straight 0xAARRGGBB value.
    public init(argb: UInt32) {
        self.init(
            red: UInt8(truncatingIfNeeded: argb >> 16), green: UInt8(truncatingIfNeeded: argb >> 8),
            blue: UInt8(truncatingIfNeeded: argb), alpha: UInt8(truncatingIfNeeded: argb >> 24))
    }

    /// An opaque colour from a 0xRRGGBB value.
    public init(rgb: UInt32) {
        self.init(argb: 0xFF00_0000 | (rgb & 0x00FF_FFFF))
    }

    /// Opaque black, opaque white and fully transparent.
    public static let black = Color(red: 0, green: 0, blue: 0)
    public static let white = Color(red: 255, green: 255, blue: 255)
    public static let clear = Color(red: 0, green: 0, blue: 0, alpha: 0)

    /// The straight 0xAARRGGBB value.
    public var argb: UInt32 {
        UInt32(alpha) << 24 | UInt32(red) << 16 | UInt32(green) << 8 | UInt32(blue)
    }

    /// The premultiplied 0xAARRGGBB value `Bitmap` stores: each colour channel scaled by alpha / 255.
    public var premultipliedARGB: UInt32 {
        let a = UInt32(alpha)
        return a << 24 | PixelMath.scale(UInt32(red), by: a) << 16 | PixelMath.scale(UInt32(green), by: a) << 8
            | PixelMath.scale(UInt32(blue), by: a)
    }

    /// The straight colour of a premultiplied 0xAARRGGBB pixel (colour lost where alpha is 0).
    public init(premultipliedARGB p: UInt32) {
        let a = p >> 24
        guard a != 0 else {
            self = .clear
            return
        }
        func unscale(_ c: UInt32) -> UInt8 { UInt8(min(255, (c * 255 + a / 2) / a)) }
        self.init(
            red: unscale((p >> 16) & 0xFF), green: unscale((p >> 8) & 0xFF), blue: unscale(p & 0xFF), alpha: UInt8(a))
    }

    /// Linear mix from `self` (t = 0) to `other` (t = 1), all four channels.
    public func mixed(with other: Color, fraction t: Double) -> Color {
        let f = min(1, max(0, t))
        func mix(_ a: UInt8, _ b: UInt8) -> UInt8 { UInt8((Double(a) + (Double(b) - Double(a)) * f).rounded()) }
        return Color(
            red: mix(red, other.red), green: mix(green, other.green), blue: mix(blue, other.blue),
            alpha: mix(alpha, other.alpha))
    }
}
