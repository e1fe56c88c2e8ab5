/// One display mode, field for field the kernel's `drm_mode_modeinfo` (drm_mode.h), so it round-trips to
/// `drmModeSetCrtc` unchanged.
public struct ModeInfo: Equatable, Sendable {
    /// Pixel clock in kHz.
    public var clock: UInt32
    /// Visible pixels per line.
    public var hdisplay: UInt16
    /// Horizontal sync start, in pixels.
    public var hsyncStart: UInt16
    /// Horizontal sync end, in pixels.
    public var hsyncEnd: UInt16
    /// Pixels per line including blanking.
    public var htotal: UInt16
    /// Horizontal skew (rarely nonzero).
    public var hskew: UInt16
    /// Visible lines.
    public var vdisplay: UInt16
    /// Vertical sync start, in lines.
    public var vsyncStart: UInt16
    /// Vertical sync end, in lines.
    public var vsyncEnd: UInt16
    /// Lines per frame including blanking.
    public var vtotal: UInt16
    /// Line repeat count (0 or 1 for none).
    public var vscan: UInt16
    /// The refresh the driver claims, in whole Hz. Not trusted for pacing (bochs claims 75 Hz with no vblank).
    public var vrefresh: UInt32
    /// `DRM_MODE_FLAG_*` bits.
    public var flags: UInt32
    /// `DRM_MODE_TYPE_*` bits.
    public var type: UInt32
    /// The kernel's name for the mode, usually `WxH` (plus `i` for interlaced).
    public var name: String

    /// A mode from its `drm_mode_modeinfo` fields.
    public init(
        clock: UInt32, hdisplay: UInt16, hsyncStart: UInt16, hsyncEnd: UInt16, htotal: UInt16, hskew: UInt16,
        vdisplay: UInt16, vsyncStart: UInt16, vsyncEnd: UInt16, vtotal: UInt16, vscan: UInt16, vrefresh: UInt32,
        flags: UInt32, type: UInt32, name: String
    ) {
        self.clock = clock
        self.hdisplay = hdisplay
        self.hsyncStart = hsyncStart
        self.hsyncEnd = hsyncEnd
        self.htotal = htotal
        self.hskew = hskew
        self.vdisplay = vdisplay
        self.vsyncStart = vsyncStart
        self.vsyncEnd = vsyncEnd
        self.vtotal = vtotal
        self.vscan = vscan
        self.vrefresh = vrefresh
        self.flags = flags
        self.type = type
        self.name = name
    }

    /// `DRM_MODE_TYPE_PREFERRED` (drm_mode.h).
    public static let typePreferred: UInt32 = 1 << 3
    /// `DRM_MODE_FLAG_INTERLACE` (drm_mode.h).
    public static let flagInterlace: UInt32 = 1 << 4
    /// `DRM_MODE_FLAG_DBLSCAN` (drm_mode.h).
    public static let flagDoubleScan: UInt32 = 1 << 5

    /// Visible width in pixels.
    public var width: Int { Int(hdisplay) }
    /// Visible height in pixels.
    public var height: Int { Int(vdisplay) }
    /// Whether the connector marks this mode as its preferred (native) one.
    public var isPreferred: Bool { type & Self.typePreferred != 0 }
    /// Whether the mode is interlaced.
    public var isInterlaced: Bool { flags & Self.flagInterlace != 0 }

    /// The refresh computed from the timings the way the kernel's `drm_mode_vrefresh` does, in millihertz;
    /// nil when the timings cannot give one (zero clock or totals).
    public var refreshMillihertz: Int? {
        var numerator = Int(clock) * 1000
        var denominator = Int(htotal) * Int(vtotal)
        guard numerator > 0, denominator > 0 else { return nil }
        if isInterlaced { numerator *= 2 }
        if flags & Self.flagDoubleScan != 0 { denominator *= 2 }
        if vscan > 1 { denominator *= Int(vscan) }
        return (numerator * 1000 + denominator / 2) / denominator
    }

    /// `WxH@Hz` for logs and `bannerd devices`.
    public var summary: String {
        let hertz = refreshMillihertz.map { String(Double($0 / 10) / 100) } ?? "?"
        return "\(width)x\(height)\(isInterlaced ? "i" : "")@\(hertz)"
    }
}
