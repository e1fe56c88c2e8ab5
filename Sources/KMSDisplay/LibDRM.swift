import CLibDRM
import DisplaySelection
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Every call into libdrm, with the convention each follows. libdrm's `drmIoctl` already retries EINTR and
/// EAGAIN, so these do not.
///
/// Conventions: xf86drm.c calls (`drmGetCap`, `drmSetMaster`, `drmDropMaster`, `drmHandleEvent`) return −1 and set
/// errno; xf86drmMode.c int calls return a negative errno; getters (`drmModeGet*`, `drmGetVersion`) return NULL
/// and leave errno set.
enum LibDRM {
    /// drmGetVersion: NULL on failure. The driver's name, e.g. `bochs-drm`.
    static func driverName(_ card: DRMCard) -> String? {
        guard let version = drmGetVersion(card.fileDescriptor) else { return nil }
        defer { drmFreeVersion(version) }
        guard let name = version.pointee.name else { return nil }
        return String(cString: name)
    }

    /// drmGetCap: −1 + errno.
    static func capability(_ card: DRMCard, _ capability: UInt64) throws(SystemCallError) -> UInt64 {
        var value: UInt64 = 0
        guard drmGetCap(card.fileDescriptor, capability, &value) == 0 else {
            throw SystemCallError(call: "drmGetCap", errno: errno, .display(card.path))
        }
        return value
    }

    /// drmIsMaster: 1 when this descriptor holds DRM master.
    static func isMaster(_ card: DRMCard) -> Bool { drmIsMaster(card.fileDescriptor) != 0 }

    /// drmSetMaster: −1 + errno.
    static func setMaster(_ card: DRMCard) throws(SystemCallError) {
        guard drmSetMaster(card.fileDescriptor) == 0 else {
            throw SystemCallError(call: "drmSetMaster", errno: errno, .display(card.path))
        }
    }

    /// drmDropMaster: −1 + errno.
    static func dropMaster(_ card: DRMCard) throws(SystemCallError) {
        guard drmDropMaster(card.fileDescriptor) == 0 else {
            throw SystemCallError(call: "drmDropMaster", errno: errno, .display(card.path))
        }
    }

    /// drmModeGetResources, drmModeGetConnector, drmModeGetEncoder, drmModeGetCrtc, drmModeGetProperty: NULL +
    /// errno. A connector or encoder that vanishes between the list and the get (hotplug) is skipped.
    static func resources(_ card: DRMCard) throws(SystemCallError) -> CardResources {
        guard let resources = drmModeGetResources(card.fileDescriptor) else {
            throw SystemCallError(call: "drmModeGetResources", errno: errno, .display(card.path))
        }
        defer { drmModeFreeResources(resources) }
        let res = resources.pointee
        let connectorIDs = ids(res.connectors, res.count_connectors)
        let encoderIDs = ids(res.encoders, res.count_encoders)
        let crtcIDs = ids(res.crtcs, res.count_crtcs)
        let dumb = (try? capability(card, DRMConstants.capabilityDumbBuffer)) ?? 0
        return CardResources(
            path: card.path, driverName: driverName(card) ?? "unknown", supportsDumbBuffers: dumb != 0,
            connectors: connectorIDs.compactMap { connector(card, id: $0) },
            encoders: encoderIDs.compactMap { encoder(card, id: $0) },
            crtcs: crtcIDs.compactMap { crtc(card, id: $0) })
    }

    static func connector(_ card: DRMCard, id: UInt32) -> ConnectorInfo? {
        // drmModeGetConnector probes the outputs (fresh hotplug state), unlike drmModeGetConnectorCurrent.
        guard let pointer = drmModeGetConnector(card.fileDescriptor, id) else { return nil }
        defer { drmModeFreeConnector(pointer) }
        let connector = pointer.pointee
        let status: ConnectorStatus
        switch connector.connection.rawValue {
        case DRMConstants.connected: status = .connected
        case DRMConstants.disconnected: status = .disconnected
        default: status = .unknown
        }
        let modes = (0..<Int(max(0, connector.count_modes))).compactMap { index in
            connector.modes.map { ModeInfo($0[index]) }
        }
        return ConnectorInfo(
            id: connector.connector_id, type: ConnectorType(rawValue: connector.connector_type),
            typeID: connector.connector_type_id, status: status, widthMillimetres: connector.mmWidth,
            heightMillimetres: connector.mmHeight, modes: modes, encoderID: connector.encoder_id,
            possibleEncoderIDs: ids(connector.encoders, connector.count_encoders),
            panelOrientation: panelOrientation(card, connector: connector))
    }

    /// The `panel orientation` enum property's current value, if the connector has one.
    static func panelOrientation(_ card: DRMCard, connector: drmModeConnector) -> PanelOrientation? {
        for index in 0..<Int(max(0, connector.count_props)) {
            guard let propertyIDs = connector.props, let values = connector.prop_values,
                let property = drmModeGetProperty(card.fileDescriptor, propertyIDs[index])
            else { continue }
            defer { drmModeFreeProperty(property) }
            guard cString(property.pointee.name) == "panel orientation",
                property.pointee.flags & DRMConstants.propertyEnum != 0, let enums = property.pointee.enums
            else { continue }
            for item in 0..<Int(max(0, property.pointee.count_enums)) where enums[item].value == values[index] {
                return PanelOrientation(kernelName: cString(enums[item].name))
            }
        }
        return nil
    }

    /// The id of the connector's property called `name` (drmModeGetConnectorCurrent: NULL + errno, no probe).
    static func connectorPropertyID(_ card: DRMCard, connectorID: UInt32, name: String) throws(SystemCallError)
        -> UInt32?
    {
        guard let pointer = drmModeGetConnectorCurrent(card.fileDescriptor, connectorID) else {
            throw SystemCallError(call: "drmModeGetConnectorCurrent", errno: errno, .display(card.path))
        }
        defer { drmModeFreeConnector(pointer) }
        let connector = pointer.pointee
        for index in 0..<Int(max(0, connector.count_props)) {
            guard let propertyIDs = connector.props,
                let property = drmModeGetProperty(card.fileDescriptor, propertyIDs[index])
            else {
                continue
            }
            defer { drmModeFreeProperty(property) }
            if cString(property.pointee.name) == name { return property.pointee.prop_id }
        }
        return nil
    }

    /// The primary plane of the CRTC at `crtcIndex` (in the card's CRTC list): its id and the fourcc codes it scans
    /// out; nil when the driver does not tell (drmSetClientCap, drmModeGetPlaneResources, drmModeGetPlane and the
    /// plane's `type` property; any failure means "unknown", and the caller falls back to XRGB8888).
    static func primaryPlane(_ card: DRMCard, crtcIndex: Int) -> (id: UInt32, formats: [UInt32])? {
        guard crtcIndex < 32,
            drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityUniversalPlanes, 1) == 0,
            let resources = drmModeGetPlaneResources(card.fileDescriptor)
        else { return nil }
        defer { drmModeFreePlaneResources(resources) }
        for planeID in ids(resources.pointee.planes, Int32(resources.pointee.count_planes)) {
            guard let plane = drmModeGetPlane(card.fileDescriptor, planeID) else { continue }
            defer { drmModeFreePlane(plane) }
            guard plane.pointee.possible_crtcs & (1 << UInt32(crtcIndex)) != 0,
                planeProperty(card, planeID: planeID, name: "type") == DRMConstants.planeTypePrimary
            else { continue }
            return (planeID, ids(plane.pointee.formats, Int32(plane.pointee.count_formats)))
        }
        return nil
    }

    /// The ids of the properties named in `names` of a DRM object (`type`: DRM_MODE_OBJECT_*, a plane by default;
    /// drmModeObjectGetProperties: NULL + errno); a name the object lacks is missing from the result.
    static func propertyIDs(
        _ card: DRMCard, of objectID: UInt32, type: UInt32 = DRMConstants.objectPlane, names: Set<String>
    ) throws(SystemCallError) -> [String: UInt32] {
        guard let properties = drmModeObjectGetProperties(card.fileDescriptor, objectID, type) else {
            throw SystemCallError(
                call: "drmModeObjectGetProperties", errno: errno, .display(card.path), context: "object \(objectID)")
        }
        defer { drmModeFreeObjectProperties(properties) }
        var found: [String: UInt32] = [:]
        for index in 0..<Int(properties.pointee.count_props) {
            guard let ids = properties.pointee.props, let property = drmModeGetProperty(card.fileDescriptor, ids[index])
            else {
                continue
            }
            defer { drmModeFreeProperty(property) }
            let name = cString(property.pointee.name)
            if names.contains(name) { found[name] = property.pointee.prop_id }
        }
        return found
    }

    /// The value of the plane's property called `name` (drmModeObjectGetProperties: NULL + errno).
    private static func planeProperty(_ card: DRMCard, planeID: UInt32, name: String) -> UInt64? {
        guard let properties = drmModeObjectGetProperties(card.fileDescriptor, planeID, DRMConstants.objectPlane) else {
            return nil
        }
        defer { drmModeFreeObjectProperties(properties) }
        let count = Int(properties.pointee.count_props)
        for index in 0..<count {
            guard let ids = properties.pointee.props, let values = properties.pointee.prop_values,
                let property = drmModeGetProperty(card.fileDescriptor, ids[index])
            else { continue }
            defer { drmModeFreeProperty(property) }
            if cString(property.pointee.name) == name { return values[index] }
        }
        return nil
    }

    /// drmModeConnectorSetProperty: negative errno.
    static func setConnectorProperty(
        _ card: DRMCard, connectorID: UInt32, propertyID: UInt32, value: UInt64, context: String
    ) throws(SystemCallError) {
        let result = drmModeConnectorSetProperty(card.fileDescriptor, connectorID, propertyID, value)
        guard result == 0 else {
            throw SystemCallError(
                call: "drmModeConnectorSetProperty", errno: -result, .display(card.path), context: context)
        }
    }

    static func encoder(_ card: DRMCard, id: UInt32) -> EncoderInfo? {
        guard let pointer = drmModeGetEncoder(card.fileDescriptor, id) else { return nil }
        defer { drmModeFreeEncoder(pointer) }
        return EncoderInfo(
            id: pointer.pointee.encoder_id, crtcID: pointer.pointee.crtc_id,
            possibleCRTCs: pointer.pointee.possible_crtcs)
    }

    static func crtc(_ card: DRMCard, id: UInt32) -> CRTCInfo? {
        guard let saved = try? savedCRTC(card, id: id) else { return nil }
        return CRTCInfo(id: saved.id, bufferID: saved.bufferID, mode: saved.mode.map(ModeInfo.init))
    }

    /// drmModeGetCrtc: NULL + errno. What to put back on exit.
    static func savedCRTC(_ card: DRMCard, id: UInt32) throws(SystemCallError) -> SavedCRTC {
        guard let pointer = drmModeGetCrtc(card.fileDescriptor, id) else {
            throw SystemCallError(call: "drmModeGetCrtc", errno: errno, .display(card.path))
        }
        defer { drmModeFreeCrtc(pointer) }
        let crtc = pointer.pointee
        return SavedCRTC(
            id: crtc.crtc_id, bufferID: crtc.buffer_id, x: crtc.x, y: crtc.y,
            mode: crtc.mode_valid != 0 ? crtc.mode : nil)
    }

    /// drmModeSetCrtc: negative errno. A nil mode with buffer 0 switches the CRTC off.
    static func setCRTC(
        _ card: DRMCard, crtcID: UInt32, bufferID: UInt32, x: UInt32 = 0, y: UInt32 = 0, connectorID: UInt32,
        mode: drmModeModeInfo?, context: String?
    ) throws(SystemCallError) {
        var connector = connectorID
        var modeCopy = mode ?? drmModeModeInfo()
        let result: Int32
        if mode != nil {
            result = drmModeSetCrtc(card.fileDescriptor, crtcID, bufferID, x, y, &connector, 1, &modeCopy)
        } else {
            result = drmModeSetCrtc(card.fileDescriptor, crtcID, 0, 0, 0, nil, 0, nil)
        }
        guard result == 0 else {
            throw SystemCallError(call: "drmModeSetCrtc", errno: -result, .display(card.path), context: context)
        }
    }

    /// drmModePageFlip: negative errno. Returns false on EBUSY (a flip is still pending: a state, not a failure).
    static func pageFlip(
        _ card: DRMCard, crtcID: UInt32, bufferID: UInt32, userData: UnsafeMutableRawPointer
    ) throws(SystemCallError) -> Bool {
        let result = drmModePageFlip(card.fileDescriptor, crtcID, bufferID, DRMConstants.pageFlipEvent, userData)
        if result == -EBUSY { return false }
        guard result == 0 else { throw SystemCallError(call: "drmModePageFlip", errno: -result, .display(card.path)) }
        return true
    }

    /// drmHandleEvent: −1 + errno (EAGAIN on our non-blocking descriptor when nothing is queued). Each flip
    /// completion is recorded in the `FlipEvents` passed as the flip's user data.
    static func handleEvents(_ card: DRMCard) throws(SystemCallError) {
        var context = drmEventContext()
        context.version = DRMConstants.eventContextVersion
        context.page_flip_handler = { _, sequence, seconds, microseconds, userData in
            guard let userData else { return }
            let completion = FlipCompletion(
                time: .seconds(Int64(seconds)) + .microseconds(Int64(microseconds)), sequence: sequence)
            userData.assumingMemoryBound(to: FlipEvents.self).pointee.completions.append(completion)
        }
        if repeatWhileInterrupted({ drmHandleEvent(card.fileDescriptor, &context) }) == 0 || errno == EAGAIN { return }
        throw SystemCallError(call: "drmHandleEvent", errno: errno, .display(card.path))
    }

    /// drmModeCreateDumbBuffer: negative errno. The kernel picks the pitch; it must be used as returned.
    static func createDumbBuffer(_ card: DRMCard, width: Int, height: Int, bitsPerPixel: UInt32)
        throws(SystemCallError) -> (handle: UInt32, pitch: UInt32, size: UInt64)
    {
        var handle: UInt32 = 0
        var pitch: UInt32 = 0
        var size: UInt64 = 0
        let result = drmModeCreateDumbBuffer(
            card.fileDescriptor, UInt32(width), UInt32(height), bitsPerPixel, 0, &handle, &pitch, &size)
        guard result == 0 else {
            throw SystemCallError(
                call: "drmModeCreateDumbBuffer", errno: -result, .display(card.path), context: "\(width)x\(height)")
        }
        return (handle, pitch, size)
    }

    /// drmModeMapDumbBuffer: negative errno. The offset to mmap the buffer at.
    static func mapOffset(_ card: DRMCard, handle: UInt32) throws(SystemCallError) -> UInt64 {
        var offset: UInt64 = 0
        let result = drmModeMapDumbBuffer(card.fileDescriptor, handle, &offset)
        guard result == 0 else {
            throw SystemCallError(call: "drmModeMapDumbBuffer", errno: -result, .display(card.path))
        }
        return offset
    }

    /// drmModeDestroyDumbBuffer: negative errno; at teardown there is nothing left to do about a failure.
    static func destroyDumbBuffer(_ card: DRMCard, handle: UInt32) {
        _ = drmModeDestroyDumbBuffer(card.fileDescriptor, handle)
    }

    /// drmModeAddFB2: negative errno. One plane, linear, starting `offset` bytes into the buffer.
    static func addFramebuffer(
        _ card: DRMCard, width: Int, height: Int, fourcc: UInt32, handle: UInt32, pitch: UInt32, offset: UInt32 = 0
    ) throws(SystemCallError) -> UInt32 {
        // Tuples on the stack, not arrays: a panned frame makes a framebuffer, and the frame path allocates nothing.
        var planes = (
            handles: (handle, UInt32(0), UInt32(0), UInt32(0)), pitches: (pitch, UInt32(0), UInt32(0), UInt32(0)),
            offsets: (offset, UInt32(0), UInt32(0), UInt32(0))
        )
        var bufferID: UInt32 = 0
        let result = withUnsafeBytes(of: &planes) { raw in
            let words = raw.bindMemory(to: UInt32.self)
            guard let base = words.baseAddress else { return -EINVAL }  // never: the tuple is 12 words
            return drmModeAddFB2(
                card.fileDescriptor, UInt32(width), UInt32(height), fourcc, base, base + 4, base + 8, &bufferID, 0)
        }
        guard result == 0 else { throw SystemCallError(call: "drmModeAddFB2", errno: -result, .display(card.path)) }
        return bufferID
    }

    /// drmModeRmFB: negative errno; at teardown there is nothing left to do about a failure.
    static func removeFramebuffer(_ card: DRMCard, bufferID: UInt32) {
        _ = drmModeRmFB(card.fileDescriptor, bufferID)
    }

    static func ids(_ pointer: UnsafeMutablePointer<UInt32>?, _ count: Int32) -> [UInt32] {
        guard let pointer, count > 0 else { return [] }
        return Array(UnsafeBufferPointer(start: pointer, count: Int(count)))
    }

    static func cString<T>(_ tuple: T) -> String {
        withUnsafeBytes(of: tuple) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// A CRTC's state before bannerd touched it.
struct SavedCRTC {
    var id: UInt32
    var bufferID: UInt32
    var x: UInt32
    var y: UInt32
    var mode: drmModeModeInfo?
}

/// Filled by the page-flip handler; its address is the flip's user data, so it must not move while a flip is
/// pending (it lives in memory the display allocates once).
struct FlipEvents {
    var completions: [FlipCompletion] = []
}
