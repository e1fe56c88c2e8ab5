import DisplaySelection
import Raster

/// Values of libdrm and kernel macros that do not import into Swift (function-like or cast macros).
enum DRMConstants {
    /// DRM_MODE_PAGE_FLIP_EVENT in drm_mode.h.
    static let pageFlipEvent: UInt32 = 0x01
    /// DRM_CAP_DUMB_BUFFER in drm.h.
    static let capabilityDumbBuffer: UInt64 = 0x1
    /// DRM_CAP_TIMESTAMP_MONOTONIC in drm.h: flip event times are CLOCK_MONOTONIC when it is 1.
    static let capabilityTimestampMonotonic: UInt64 = 0x6
    /// DRM_MODE_CONNECTED / DISCONNECTED / UNKNOWNCONNECTION (`drmModeConnection` in xf86drmMode.h).
    static let connected: UInt32 = 1
    static let disconnected: UInt32 = 2
    /// DRM_MODE_DPMS_ON / DRM_MODE_DPMS_OFF in drm_mode.h: values of a connector's `DPMS` property.
    static let dpmsOn: UInt64 = 0
    static let dpmsOff: UInt64 = 3
    /// DRM_MODE_PROP_ENUM in drm_mode.h.
    static let propertyEnum: UInt32 = 1 << 3
    /// DRM_CLIENT_CAP_UNIVERSAL_PLANES in drm.h: list primary and cursor planes too.
    static let clientCapabilityUniversalPlanes: UInt64 = 2
    /// DRM_CLIENT_CAP_ATOMIC in drm.h: atomic commits (implies universal planes).
    static let clientCapabilityAtomic: UInt64 = 3
    /// DRM_CLIENT_CAP_WRITEBACK_CONNECTORS in drm.h: list writeback connectors (needs the atomic capability).
    static let clientCapabilityWritebackConnectors: UInt64 = 5
    /// DRM_MODE_ATOMIC_TEST_ONLY, DRM_MODE_ATOMIC_NONBLOCK and DRM_MODE_ATOMIC_ALLOW_MODESET in drm_mode.h.
    static let atomicTestOnly: UInt32 = 0x0100
    static let atomicNonblock: UInt32 = 0x0200
    static let atomicAllowModeset: UInt32 = 0x0400
    /// DRM_MODE_OBJECT_CONNECTOR in drm_mode.h.
    static let objectConnector: UInt32 = 0xc0c0_c0c0
    /// DRM_FORMAT_ARGB8888 ("AR24"): XRGB8888's layout with the top byte an alpha the planes blend by.
    static let fourccARGB8888: UInt32 = 0x3432_5241
    /// DRM_MODE_OBJECT_PLANE in drm_mode.h.
    static let objectPlane: UInt32 = 0xeeee_eeee
    /// DRM_PLANE_TYPE_PRIMARY: the value of a plane's `type` property for the CRTC's main plane.
    static let planeTypePrimary: UInt64 = 1
    /// The version of `drmEventContext` whose `page_flip_handler` (no CRTC id) libdrm calls (xf86drm.h).
    static let eventContextVersion: Int32 = 2

    /// The fourcc and bits per pixel for a pixel format.
    static func fourcc(_ format: PixelFormat) -> (fourcc: UInt32, bitsPerPixel: UInt32) {
        switch format {
        case .xrgb8888: return (ScanoutFormat.code(format), 32)
        case .rgb565: return (ScanoutFormat.code(format), 16)
        }
    }
}
