import CLibDRM
import DisplaySelection

extension ModeInfo {
    /// Copies a libdrm mode, field for field.
    init(_ mode: drmModeModeInfo) {
        let name = withUnsafeBytes(of: mode.name) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
        self.init(
            clock: mode.clock, hdisplay: mode.hdisplay, hsyncStart: mode.hsync_start, hsyncEnd: mode.hsync_end,
            htotal: mode.htotal, hskew: mode.hskew, vdisplay: mode.vdisplay, vsyncStart: mode.vsync_start,
            vsyncEnd: mode.vsync_end, vtotal: mode.vtotal, vscan: mode.vscan, vrefresh: mode.vrefresh,
            flags: mode.flags, type: mode.type, name: name)
    }

    /// The libdrm mode for `drmModeSetCrtc`; the name is cut to the kernel's 31 bytes plus NUL.
    var drmMode: drmModeModeInfo {
        var mode = drmModeModeInfo()
        mode.clock = clock
        mode.hdisplay = hdisplay
        mode.hsync_start = hsyncStart
        mode.hsync_end = hsyncEnd
        mode.htotal = htotal
        mode.hskew = hskew
        mode.vdisplay = vdisplay
        mode.vsync_start = vsyncStart
        mode.vsync_end = vsyncEnd
        mode.vtotal = vtotal
        mode.vscan = vscan
        mode.vrefresh = vrefresh
        mode.flags = flags
        mode.type = type
        withUnsafeMutableBytes(of: &mode.name) { raw in
            for (index, byte) in name.utf8.prefix(raw.count - 1).enumerated() { raw[index] = byte }
        }
        return mode
    }
}
