import Raster

/// The pixel format bannerd scans out in, and the DRM fourcc codes (drm_fourcc.h) of the formats it draws.
public enum ScanoutFormat {
    /// `fourcc_code('X', 'R', '2', '4')`: DRM_FORMAT_XRGB8888.
    public static let xrgb8888Code: UInt32 = 0x3432_5258
    /// `fourcc_code('R', 'G', '1', '6')`: DRM_FORMAT_RGB565.
    public static let rgb565Code: UInt32 = 0x3631_4752

    /// The fourcc code of `format`.
    public static func code(_ format: PixelFormat) -> UInt32 {
        switch format {
        case .xrgb8888: return xrgb8888Code
        case .rgb565: return rgb565Code
        }
    }

    /// The format to scan out in: `requested` when the configuration names one; with `auto` (nil), XRGB8888
    /// where the primary plane scans it out (`offered`, its fourcc codes), RGB565 where that is what it has (SPI
    /// and small parallel panels), and XRGB8888, which every KMS driver must offer, when the plane's list is not
    /// known (a driver without universal planes) or has neither.
    public static func choose(requested: PixelFormat?, offered: [UInt32]?) -> PixelFormat {
        if let requested { return requested }
        guard let offered, !offered.contains(xrgb8888Code), offered.contains(rgb565Code) else { return .xrgb8888 }
        return .rgb565
    }
}
