import CLibDRM
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// Atomic modesetting: enabling it, and commits of one object's or several objects' property values.
extension LibDRM {
    /// drmSetClientCap(DRM_CLIENT_CAP_ATOMIC): −1 + errno (EOPNOTSUPP from drivers without atomic modesetting).
    static func enableAtomic(_ card: DRMCard) throws(SystemCallError) {
        guard drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityAtomic, 1) == 0 else {
            throw SystemCallError(
                call: "drmSetClientCap", errno: errno, .display(card.path), context: "DRM_CLIENT_CAP_ATOMIC")
        }
    }

    /// drmModeAtomicCommit of one object's `values` (property id, value): negative errno. `flags` are
    /// DRM_MODE_ATOMIC_* and DRM_MODE_PAGE_FLIP_EVENT; `userData` comes back in the flip event. Returns false on
    /// EBUSY (a commit is still pending: a state, not a failure).
    static func atomicCommit(
        _ card: DRMCard, objectID: UInt32, values: [(property: UInt32, value: UInt64)], flags: UInt32,
        userData: UnsafeMutableRawPointer?
    ) throws(SystemCallError) -> Bool {
        try atomicCommit(card, flags: flags, userData: userData) { request throws(SystemCallError) in
            try add(values, of: objectID, to: request, card)
        }
    }

    /// One atomic commit of several objects' values (planes, connectors), as `atomicCommit(_:objectID:...)`.
    static func atomicCommit(
        _ card: DRMCard, objects: [(id: UInt32, values: [(property: UInt32, value: UInt64)])], flags: UInt32,
        userData: UnsafeMutableRawPointer? = nil
    ) throws(SystemCallError) -> Bool {
        try atomicCommit(card, flags: flags, userData: userData) { request throws(SystemCallError) in
            for object in objects { try add(object.values, of: object.id, to: request, card) }
        }
    }

    private static func atomicCommit(
        _ card: DRMCard, flags: UInt32, userData: UnsafeMutableRawPointer?,
        fill: (drmModeAtomicReqPtr) throws(SystemCallError) -> Void
    ) throws(SystemCallError) -> Bool {
        guard let request = drmModeAtomicAlloc() else {
            throw SystemCallError(call: "drmModeAtomicAlloc", errno: ENOMEM, .display(card.path))
        }
        defer { drmModeAtomicFree(request) }
        try fill(request)
        let result = drmModeAtomicCommit(card.fileDescriptor, request, flags, userData)
        if result == -EBUSY { return false }
        guard result == 0 else {
            let test = flags & DRMConstants.atomicTestOnly != 0
            throw SystemCallError(
                call: "drmModeAtomicCommit", errno: -result, .display(card.path), context: test ? "test only" : nil)
        }
        return true
    }

    private static func add(
        _ values: [(property: UInt32, value: UInt64)], of objectID: UInt32, to request: drmModeAtomicReqPtr,
        _ card: DRMCard
    ) throws(SystemCallError) {
        for (property, value) in values {
            let added = drmModeAtomicAddProperty(request, objectID, property, value)
            guard added >= 0 else {
                throw SystemCallError(call: "drmModeAtomicAddProperty", errno: -added, .display(card.path))
            }
        }
    }
}
