#if canImport(Glibc)
    import Glibc
#endif

/// The CRTC's primary plane as atomic commits set it: the ten properties that show a framebuffer, or a window of
/// one, on the whole CRTC, looked up by name once, and their values rewritten in place for each commit (a panned
/// frame allocates nothing on bannerd's side).
final class PrimaryPlaneCommit {
    private let fd: Int32
    private let planeID: UInt32
    private let crtcID: UInt32
    private let width: UInt64
    private let height: UInt64
    private let path: String
    /// In the order of `names`.
    private var values: [(property: UInt32, value: UInt64)]

    private static let names = [
        "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H",
    ]

    /// Enables atomic commits on `fd` (DRM_CLIENT_CAP_ATOMIC, which makes the plane's properties visible) and looks
    /// them up; the CRTC shows `width`×`height` pixels.
    init(fd: Int32, planeID: UInt32, crtcID: UInt32, width: Int, height: Int, path: String) throws(DisplayError) {
        try LibDRM.enableAtomic(fd: fd, path: path)
        let properties = try LibDRM.planePropertyIDs(fd: fd, planeID: planeID, names: Set(Self.names), path: path)
        var values: [(property: UInt32, value: UInt64)] = []
        for name in Self.names {
            guard let property = properties[name] else {
                throw DisplayError(
                    call: "drmModeObjectGetProperties", errno: EOPNOTSUPP, path: path,
                    context: "the primary plane has no \(name)")
            }
            values.append((property, 0))
        }
        self.fd = fd
        self.planeID = planeID
        self.crtcID = crtcID
        self.width = UInt64(width)
        self.height = UInt64(height)
        self.path = path
        self.values = values
    }

    /// Commits the plane showing `bufferID` from `x`, `y` (source in 16.16 fixed point) on the whole CRTC, with
    /// DRM_MODE_ATOMIC_* `flags`; false on EBUSY (a commit still pending).
    func commit(_ bufferID: UInt32, x: Int, y: Int, flags: UInt32, userData: UnsafeMutableRawPointer?)
        throws(DisplayError) -> Bool
    {
        values[0].value = UInt64(bufferID)
        values[1].value = UInt64(crtcID)
        values[2].value = UInt64(x) << 16
        values[3].value = UInt64(y) << 16
        values[4].value = width << 16
        values[5].value = height << 16
        values[6].value = 0
        values[7].value = 0
        values[8].value = width
        values[9].value = height
        return try LibDRM.atomicCommit(
            fd: fd, objectID: planeID, values: values, flags: flags, userData: userData, path: path)
    }
}
