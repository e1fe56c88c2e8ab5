import Raster
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The ten plane properties that show a framebuffer, a window of one, or a rectangle of one anywhere on a CRTC, by
/// name.
struct PlaneProperties: Equatable {
    let framebuffer, crtc, sourceX, sourceY, sourceWidth, sourceHeight, crtcX, crtcY, crtcWidth, crtcHeight: UInt32

    static let names: Set<String> = [
        "FB_ID", "CRTC_ID", "SRC_X", "SRC_Y", "SRC_W", "SRC_H", "CRTC_X", "CRTC_Y", "CRTC_W", "CRTC_H",
    ]

    /// The properties from the plane's list (`LibDRM.propertyIDs`); throws the first name missing when the
    /// plane lacks one.
    init(byName ids: [String: UInt32]) throws(MissingProperty) {
        func id(_ name: String) throws(MissingProperty) -> UInt32 {
            guard let id = ids[name] else { throw MissingProperty(name: name) }
            return id
        }
        framebuffer = try id("FB_ID")
        crtc = try id("CRTC_ID")
        sourceX = try id("SRC_X")
        sourceY = try id("SRC_Y")
        sourceWidth = try id("SRC_W")
        sourceHeight = try id("SRC_H")
        crtcX = try id("CRTC_X")
        crtcY = try id("CRTC_Y")
        crtcWidth = try id("CRTC_W")
        crtcHeight = try id("CRTC_H")
    }

    /// The properties of plane `planeID` on `card` (atomic commits enabled); a plane lacking one is a refused
    /// drmModeObjectGetProperties that names it.
    init(of planeID: UInt32, on card: DRMCard) throws(SystemCallError) {
        let ids = try LibDRM.propertyIDs(card, of: planeID, names: Self.names)
        do throws(MissingProperty) {
            try self.init(byName: ids)
        } catch {
            throw SystemCallError(
                call: "drmModeObjectGetProperties", refused: "plane \(planeID) has no \(error.name)",
                .display(card.path))
        }
    }

    struct MissingProperty: Error {
        let name: String
    }

    /// One commit's values into `values` (rewritten in place: a panned frame allocates nothing): `buffer` shown
    /// from `x`, `y` of it on the whole `width`×`height` CRTC `crtcID`.
    func write(
        buffer: UInt32, crtcID: UInt32, x: Int, y: Int, width: Int, height: Int,
        into values: inout [(property: UInt32, value: UInt64)]
    ) {
        write(
            buffer: buffer, crtcID: crtcID, source: PixelRect(x: x, y: y, width: width, height: height),
            destination: PixelRect(x: 0, y: 0, width: width, height: height), into: &values)
    }

    /// One commit's values: the `source` rectangle of `buffer` (whole pixels; the properties take 16.16 fixed
    /// point) at `destination` on CRTC `crtcID`, which may reach past the CRTC's edges (the driver clips: CRTC_X
    /// and CRTC_Y are signed). Buffer and CRTC 0 switch the plane off.
    func write(
        buffer: UInt32, crtcID: UInt32, source: PixelRect, destination: PixelRect,
        into values: inout [(property: UInt32, value: UInt64)]
    ) {
        values.removeAll(keepingCapacity: true)
        values.append((framebuffer, UInt64(buffer)))
        values.append((crtc, UInt64(crtcID)))
        values.append((sourceX, UInt64(max(0, source.x)) << 16))
        values.append((sourceY, UInt64(max(0, source.y)) << 16))
        values.append((sourceWidth, UInt64(max(0, source.width)) << 16))
        values.append((sourceHeight, UInt64(max(0, source.height)) << 16))
        values.append((crtcX, UInt64(bitPattern: Int64(destination.x))))
        values.append((crtcY, UInt64(bitPattern: Int64(destination.y))))
        values.append((crtcWidth, UInt64(max(0, destination.width))))
        values.append((crtcHeight, UInt64(max(0, destination.height))))
    }
}

/// The CRTC's primary plane as atomic commits set it (`PlaneProperties`), looked up once.
final class PrimaryPlaneCommit {
    private let card: DRMCard
    private let planeID: UInt32
    private let crtcID: UInt32
    private let width: Int
    private let height: Int
    private let properties: PlaneProperties
    private var values: [(property: UInt32, value: UInt64)] = []

    /// Enables atomic commits on `card` (DRM_CLIENT_CAP_ATOMIC, which makes the plane's properties visible) and looks
    /// them up; the CRTC shows `width`×`height` pixels.
    init(card: DRMCard, planeID: UInt32, crtcID: UInt32, width: Int, height: Int) throws(SystemCallError) {
        try LibDRM.enableAtomic(card)
        properties = try PlaneProperties(of: planeID, on: card)
        values.reserveCapacity(PlaneProperties.names.count)
        self.card = card
        self.planeID = planeID
        self.crtcID = crtcID
        self.width = width
        self.height = height
    }

    /// Commits the plane showing `bufferID` from `x`, `y` on the whole CRTC, and `others` (overlay planes) in the
    /// same commit, with DRM_MODE_ATOMIC_* `flags`; false on EBUSY (a commit still pending).
    func commit(
        _ bufferID: UInt32, x: Int, y: Int, flags: UInt32, userData: UnsafeMutableRawPointer?,
        with others: [(id: UInt32, values: [(property: UInt32, value: UInt64)])] = []
    ) throws(SystemCallError) -> Bool {
        properties.write(buffer: bufferID, crtcID: crtcID, x: x, y: y, width: width, height: height, into: &values)
        guard !others.isEmpty else {
            return try LibDRM.atomicCommit(
                card, objectID: planeID, values: values, flags: flags, userData: userData)
        }
        return try LibDRM.atomicCommit(
            card, objects: [(planeID, values)] + others, flags: flags, userData: userData)
    }
}
