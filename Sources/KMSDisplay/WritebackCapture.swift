import CLibDRM
import DisplaySelection
import Raster
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// A writeback connector of the display's CRTC: a commit that names it (`DRMDisplay.commitOverlays`) has the
/// display hardware write what the CRTC's planes blend to into a buffer, which is read back here. It is how a test
/// sees the planes' blend on glass (vkms's `Writeback-1`); a driver whose writeback has a CRTC of its own (vc4's
/// TXP on a Pi) cannot capture another output, and has none to offer here.
public final class WritebackCapture {
    let card: DRMCard
    let connectorID: UInt32
    let crtcProperty: UInt32
    let framebufferProperty: UInt32
    let fencePointerProperty: UInt32
    /// The capture's buffer: XRGB8888 at the mode's size (writeback takes no other size).
    let buffer: DumbBuffer
    /// Where the kernel writes the capture's fence: a fixed address, as the commit's property holds it.
    let fence: UnsafeMutablePointer<Int32>

    /// The writeback connector one of whose encoders the display's CRTC can drive; throws when the driver lists
    /// none (DRM_CLIENT_CAP_WRITEBACK_CONNECTORS refused, or no such connector). The display's descriptor lists
    /// writeback connectors while this lives.
    public init(display: DRMDisplay) throws(SystemCallError) {
        let card = display.card
        try LibDRM.enableAtomic(card)
        guard
            drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityWritebackConnectors, 1) == 0
        else {
            throw SystemCallError(
                call: "drmSetClientCap", errno: errno, .display(card.path),
                context: "DRM_CLIENT_CAP_WRITEBACK_CONNECTORS")
        }
        let found: (connector: UInt32, properties: [String: UInt32])
        do throws(SystemCallError) {
            found = try Self.connector(for: display)
            buffer = try DumbBuffer.create(
                card: card, width: display.mode.width, height: display.mode.height, format: .xrgb8888)
        } catch {
            drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityWritebackConnectors, 0)
            throw error
        }
        self.card = card
        connectorID = found.connector
        // `connector(for:)` found all three.
        crtcProperty = found.properties["CRTC_ID", default: 0]
        framebufferProperty = found.properties["WRITEBACK_FB_ID", default: 0]
        fencePointerProperty = found.properties["WRITEBACK_OUT_FENCE_PTR", default: 0]
        fence = .allocate(capacity: 1)
        fence.initialize(to: -1)
    }

    /// The writeback connector for the display's CRTC, and the ids of its three properties a capture sets.
    private static func connector(for display: DRMDisplay) throws(SystemCallError)
        -> (connector: UInt32, properties: [String: UInt32])
    {
        let card = display.card
        let resources = try LibDRM.resources(card)
        guard let crtcIndex = resources.crtcs.firstIndex(where: { $0.id == display.plan.crtcID }) else {
            throw SystemCallError(
                call: "drmModeGetResources", refused: "CRTC \(display.plan.crtcID) is not listed", .display(card.path))
        }
        let reachable = Set(
            resources.encoders.filter { $0.possibleCRTCs & (1 << UInt32(crtcIndex)) != 0 }.map(\.id))
        guard
            let connector = resources.connectors.first(where: {
                $0.type == .writeback && !reachable.isDisjoint(with: $0.possibleEncoderIDs)
            })
        else {
            throw SystemCallError(
                call: "drmModeGetResources", refused: "no writeback connector for CRTC \(display.plan.crtcID)",
                .display(card.path))
        }
        let names: Set<String> = ["CRTC_ID", "WRITEBACK_FB_ID", "WRITEBACK_OUT_FENCE_PTR"]
        let ids = try LibDRM.propertyIDs(card, of: connector.id, type: DRMConstants.objectConnector, names: names)
        guard ids.keys.count == names.count else {
            let missing = names.subtracting(ids.keys).sorted().joined(separator: ", ")
            throw SystemCallError(
                call: "drmModeObjectGetProperties", refused: "the writeback connector has no \(missing)",
                .display(card.path))
        }
        return (connector.id, ids)
    }

    deinit {
        // Listed no more: a sibling output looked for on this descriptor must not find the connector (vkms's reports
        // itself connected, with modes).
        drmSetClientCap(card.fileDescriptor, DRMConstants.clientCapabilityWritebackConnectors, 0)
        buffer.destroy(on: card)
        if fence.pointee >= 0 { close(fence.pointee) }
        fence.deallocate()
    }

    /// The connector's values in a commit that captures on CRTC `crtcID`: routed to it, given the buffer (for this
    /// commit only) and where to put the fence that signals the written capture.
    func attach(crtcID: UInt32) -> [(property: UInt32, value: UInt64)] {
        if fence.pointee >= 0 { close(fence.pointee) }
        fence.pointee = -1
        return [
            (crtcProperty, UInt64(crtcID)), (framebufferProperty, UInt64(buffer.bufferID)),
            (fencePointerProperty, UInt64(UInt(bitPattern: fence))),
        ]
    }

    /// The connector's values in a commit that takes it off its CRTC again.
    var detach: [(property: UInt32, value: UInt64)] { [(crtcProperty, 0)] }

    /// Waits for the capture's fence (poll on the sync file), then reads the buffer: every pixel opaque.
    func collect(timeout: Duration) throws(SystemCallError) -> Bitmap {
        let descriptor = fence.pointee
        guard descriptor >= 0 else {
            throw SystemCallError(
                call: "drmModeAtomicCommit", refused: "the writeback commit gave no fence", .display(card.path))
        }
        defer {
            close(descriptor)
            fence.pointee = -1
        }
        var entry = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        let milliseconds = Int32(
            timeout.components.seconds * 1000 + timeout.components.attoseconds / 1_000_000_000_000_000)
        let ready = repeatWhileInterrupted { poll(&entry, 1, milliseconds) }
        guard ready > 0 else {
            throw SystemCallError(
                call: "poll", errno: ready < 0 ? errno : ETIMEDOUT, .display(card.path), context: "writeback fence")
        }
        let source = buffer.pixels
        var bitmap = Bitmap(width: source.width, height: source.height)
        for y in 0..<source.height {
            let row = (source.base + y * source.stride).assumingMemoryBound(to: UInt32.self)
            for x in 0..<source.width { bitmap[x, y] = row[x] | 0xFF00_0000 }
        }
        return bitmap
    }
}
