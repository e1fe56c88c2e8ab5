import CLibDRM
import DisplaySelection
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// The card's planes as `PlaneInfo` (kmscheck's listing; issue 45's choice of a plane for video).
extension LibDRM {
    /// DRM_MODE_PROP_RANGE, DRM_MODE_PROP_IMMUTABLE and DRM_MODE_PROP_BLOB in drm_mode.h.
    private static let propertyRange: UInt32 = 1 << 1
    private static let propertyImmutable: UInt32 = 1 << 2
    private static let propertyBlob: UInt32 = 1 << 4

    /// Every plane of the card, primary and cursor planes included (drmSetClientCap, drmModeGetPlaneResources:
    /// NULL + errno; a plane that vanished between the list and its read is left out).
    static func planes(_ card: DRMCard) throws(SystemCallError) -> [PlaneInfo] {
        guard drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityUniversalPlanes, 1) == 0 else {
            throw SystemCallError(
                call: "drmSetClientCap", errno: errno, .display(card.path), context: "DRM_CLIENT_CAP_UNIVERSAL_PLANES")
        }
        guard let resources = drmModeGetPlaneResources(card.fileDescriptor) else {
            throw SystemCallError(call: "drmModeGetPlaneResources", errno: errno, .display(card.path))
        }
        defer { drmModeFreePlaneResources(resources) }
        return ids(resources.pointee.planes, Int32(resources.pointee.count_planes)).compactMap { id in
            guard let plane = drmModeGetPlane(card.fileDescriptor, id) else { return nil }
            defer { drmModeFreePlane(plane) }
            var info = PlaneInfo(
                id: id, kind: nil, possibleCRTCs: plane.pointee.possible_crtcs,
                formats: ids(plane.pointee.formats, Int32(plane.pointee.count_formats)))
            readProperties(card, of: &info)
            return info
        }
    }

    /// The plane's `type`, `zpos` and `IN_FORMATS`, where the driver has them.
    private static func readProperties(_ card: DRMCard, of info: inout PlaneInfo) {
        guard let properties = drmModeObjectGetProperties(card.fileDescriptor, info.id, DRMConstants.objectPlane) else {
            return
        }
        defer { drmModeFreeObjectProperties(properties) }
        for index in 0..<Int(properties.pointee.count_props) {
            guard let ids = properties.pointee.props, let values = properties.pointee.prop_values,
                let property = drmModeGetProperty(card.fileDescriptor, ids[index])
            else { continue }
            defer { drmModeFreeProperty(property) }
            let value = values[index]
            let flags = property.pointee.flags
            switch cString(property.pointee.name) {
            case "type":
                info.kind = PlaneInfo.Kind(rawValue: value)
            case "zpos":
                var range = value...value
                if flags & propertyRange != 0, property.pointee.count_values >= 2, let bounds = property.pointee.values,
                    bounds[0] <= bounds[1]
                {
                    range = bounds[0]...bounds[1]
                }
                info.stackPosition = PlaneInfo.StackPosition(
                    value: value, range: range, immutable: flags & propertyImmutable != 0)
            case "IN_FORMATS" where flags & propertyBlob != 0:
                guard let blob = drmModeGetPropertyBlob(card.fileDescriptor, UInt32(truncatingIfNeeded: value)) else {
                    continue
                }
                defer { drmModeFreePropertyBlob(blob) }
                let bytes = blob.pointee.data.map {
                    Array(UnsafeRawBufferPointer(start: $0, count: Int(blob.pointee.length)))
                }
                info.modifiers = bytes.flatMap(PlaneInfo.formatModifiers(blob:)) ?? [:]
            default:
                continue
            }
        }
    }
}
