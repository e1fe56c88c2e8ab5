extension Color {
    /// A colour from `#RRGGBB` (opaque) or `#RRGGBBAA`, as banners.toml and bannerd.toml write them; nil otherwise.
    public init?(hex s: String) {
        guard s.hasPrefix("#"), s.count == 7 || s.count == 9,
            s.dropFirst().allSatisfy(\.isHexDigit), let v = UInt32(s.dropFirst(), radix: 16)
        else { return nil }
        self = s.count == 7 ? Color(rgb: v) : Color(argb: (v >> 8) | (v & 0xFF) << 24)
    }

    /// `#RRGGBB`, or `#RRGGBBAA` when not opaque: the form `init(hex:)` reads.
    public var hex: String {
        func byte(_ b: UInt8) -> String { (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true) }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha == 255 ? "" : byte(alpha))
    }
}
