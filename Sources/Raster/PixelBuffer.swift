/// The pixel layouts bannerd renders into.
public enum PixelFormat: Equatable, Sendable {
    /// 32 bits per pixel, little-endian 0xXXRRGGBB (DRM_FORMAT_XRGB8888).
    case xrgb8888
    /// 16 bits per pixel, little-endian RRRRRGGGGGGBBBBB (DRM_FORMAT_RGB565).
    case rgb565

    /// Bytes one pixel takes.
    public var bytesPerPixel: Int {
        switch self {
        case .xrgb8888: return 4
        case .rgb565: return 2
        }
    }

    /// The name options, configuration files and the control socket use: `xrgb8888` or `rgb565`.
    public var name: String {
        switch self {
        case .xrgb8888: return "xrgb8888"
        case .rgb565: return "rgb565"
        }
    }

    /// The format called `name`; nil for any other word.
    public init?(name: String) {
        switch name {
        case "xrgb8888": self = .xrgb8888
        case "rgb565": self = .rgb565
        default: return nil
        }
    }
}

/// A non-owning view of a block of pixels: a mapped scanout buffer or memory owned elsewhere.
///
/// `stride` is in bytes and may exceed `width * bytesPerPixel` (DRM returns its own pitch).
public struct PixelBuffer {
    /// First byte of the top row.
    public let base: UnsafeMutableRawPointer
    /// Size in pixels.
    public let width: Int
    public let height: Int
    /// Bytes from one row to the next.
    public let stride: Int
    /// How each pixel is stored.
    public let format: PixelFormat

    /// A view of memory owned elsewhere; `stride` must hold a row.
    public init(base: UnsafeMutableRawPointer, width: Int, height: Int, stride: Int, format: PixelFormat) {
        precondition(width >= 0 && height >= 0 && stride >= width * format.bytesPerPixel)  // invariant: caller's layout
        self.base = base
        self.width = width
        self.height = height
        self.stride = stride
        self.format = format
    }
}
