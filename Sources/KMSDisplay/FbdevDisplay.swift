import CLinuxFB
import DisplaySelection
import Raster
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The screen through the legacy framebuffer device (`/dev/fb0`), for boards whose display has no KMS driver.
///
/// fbdev has no page flips: frames are drawn into a shadow buffer in ordinary memory and copied to the mapped
/// framebuffer on `present()`, so a half-drawn frame is never scanned out and the uncached framebuffer is only
/// written, never read. Pacing is by timer.
public final class FbdevDisplay: ScanoutDevice {
    /// The device, e.g. `/dev/fb0`.
    public let path: String
    /// The visible resolution.
    public let size: PixelSize
    /// The framebuffer's pixel layout.
    public let format: PixelFormat
    /// Open until shutdown.
    private var descriptor: OwnedDescriptor?
    private let mapped: UnsafeMutableRawPointer
    private let mappedLength: Int
    /// Where the visible area starts in the mapping (the panning offset).
    private let visibleOffset: Int
    private let lineLength: Int
    private let shadow: UnsafeMutableRawPointer
    private let shadowStride: Int

    /// Opens and maps the framebuffer; only 32-bit XRGB and 16-bit RGB565 layouts are accepted.
    public init(path: String = "/dev/fb0") throws(SystemCallError) {
        let descriptor = try OwnedDescriptor.open(.display(path), flags: O_RDWR)
        defer { withExtendedLifetime(descriptor) {} }  // open for every call below, on every path
        let fd = descriptor.raw
        var variable = fb_var_screeninfo()
        var fixed = fb_fix_screeninfo()
        try Syscalls.ioctl(fd, UInt(FBIOGET_VSCREENINFO), &variable, name: "FBIOGET_VSCREENINFO", path: path)
        try Syscalls.ioctl(fd, UInt(FBIOGET_FSCREENINFO), &fixed, name: "FBIOGET_FSCREENINFO", path: path)
        guard let format = Self.format(variable) else {
            throw SystemCallError(
                call: "FBIOGET_VSCREENINFO",
                refused: "unsupported layout: \(variable.bits_per_pixel) bits, red at \(variable.red.offset)",
                .display(path))
        }
        let width = Int(variable.xres)
        let height = Int(variable.yres)
        let lineLength = Int(fixed.line_length)
        let offset = Int(variable.yoffset) * lineLength + Int(variable.xoffset) * format.bytesPerPixel
        let length = Int(fixed.smem_len)
        guard width > 0, height > 0, lineLength >= width * format.bytesPerPixel,
            offset + lineLength * height <= length
        else {
            throw SystemCallError(
                call: "FBIOGET_FSCREENINFO",
                refused: "inconsistent geometry \(width)x\(height), line \(lineLength), memory \(length)",
                .display(path))
        }
        mapped = try Syscalls.mapShared(fd: fd, length: length, offset: 0, path: path)
        self.descriptor = descriptor
        self.path = path
        self.format = format
        self.lineLength = lineLength
        mappedLength = length
        visibleOffset = offset
        size = PixelSize(width: width, height: height)
        shadowStride = width * format.bytesPerPixel
        shadow = .allocate(byteCount: shadowStride * height, alignment: 16)
        shadow.initializeMemory(as: UInt8.self, repeating: 0, count: shadowStride * height)
    }

    deinit {
        shutdown()
        shadow.deallocate()
    }

    /// The pixel format a screen info describes, nil for layouts bannerd does not draw.
    static func format(_ info: fb_var_screeninfo) -> PixelFormat? {
        switch info.bits_per_pixel {
        case 32 where info.red.offset == 16 && info.green.offset == 8 && info.blue.offset == 0: return .xrgb8888
        case 16 where info.red.offset == 11 && info.green.offset == 5 && info.blue.offset == 0: return .rgb565
        default: return nil
        }
    }

    /// The shadow buffer; always available.
    public var backBuffer: PixelBuffer? {
        descriptor == nil
            ? nil
            : PixelBuffer(
                base: shadow, width: size.width, height: size.height, stride: shadowStride, format: format)
    }

    /// Always nil: fbdev has no completion events.
    public var pollDescriptor: Int32? { nil }
    /// Always a timer: fbdev has no page flips.
    public var pacing: PacingDecision {
        .timer(period: PacingDecision.fallbackTimerPeriod, reason: .noPageFlips)
    }

    /// Copies the shadow buffer to the visible framebuffer.
    public func present() throws -> PresentOutcome {
        guard descriptor != nil else {
            throw SystemCallError(call: "present", refused: "display is shut down", .display(path))
        }
        for row in 0..<size.height {
            (mapped + visibleOffset + row * lineLength).copyMemory(
                from: shadow + row * shadowStride, byteCount: shadowStride)
        }
        return .shown
    }

    /// Blanks or unblanks the framebuffer (FBIOBLANK with FB_BLANK_POWERDOWN or FB_BLANK_UNBLANK); drivers
    /// without blanking answer EINVAL, which the caller reports.
    public func setPower(on: Bool) throws {
        guard let descriptor else { return }
        let level = on ? Int32(FB_BLANK_UNBLANK) : Int32(FB_BLANK_POWERDOWN)
        try Syscalls.ioctl(descriptor.raw, UInt(FBIOBLANK), value: level, name: "FBIOBLANK", path: path)
    }

    /// Never called (no descriptor); reports nothing.
    public func handleReadable() throws -> FlipCompletion? { nil }

    /// Presents complete at once: never a flip in flight.
    public var flipDeadline: Duration? { nil }

    /// Presents complete at once: nothing to retire.
    public func retireOverdueFlip(now: Duration) -> Bool { false }

    /// Unmaps and closes. The console keeps what was last drawn until it redraws.
    public func shutdown() {
        guard descriptor != nil else { return }
        Syscalls.unmap(mapped, length: mappedLength)
        descriptor = nil
    }
}
