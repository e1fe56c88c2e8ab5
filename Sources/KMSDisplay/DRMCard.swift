import DisplaySelection
import MonotonicTime
import SystemCalls

#if canImport(Glibc)
    import Glibc
#endif

/// An open DRM card node (`/dev/dri/cardN`): its descriptor, its resources, and DRM master.
public final class DRMCard {
    /// The card node, e.g. `/dev/dri/card0`.
    public let path: String
    /// The card's descriptor, non-blocking so reading flip events never stalls the frame loop; closed with the
    /// last holder of the card (the display, its plane's commits).
    private let descriptor: OwnedDescriptor

    /// The descriptor's number: to poll for flip events, and for libdrm's calls, which are passed the card
    /// (`LibDRM`) and so keep it open for the call.
    public var fileDescriptor: Int32 { descriptor.raw }
    /// The displays open on this card (`DRMDisplay.openAll` opens several): master is dropped when the last one
    /// shuts down.
    var displaysOpen = 0

    /// The card nodes in `directory`, in name order; an error naming the directory when it cannot be read (no
    /// /dev/dri at all is the usual case on a machine without a KMS driver).
    public static func cardPaths(directory: String = "/dev/dri") throws(SystemCallError) -> [String] {
        // opendir: NULL + errno.
        guard let handle = opendir(directory) else {
            throw SystemCallError(call: "opendir", errno: errno, .display(directory))
        }
        defer { closedir(handle) }
        var names: [String] = []
        while let entry = readdir(handle) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name.hasPrefix("card"), Int(name.dropFirst(4)) != nil { names.append(name) }
        }
        return names.sorted { (Int($0.dropFirst(4)) ?? 0) < (Int($1.dropFirst(4)) ?? 0) }
            .map { "\(directory)/\($0)" }
    }

    /// Opens the card read/write. Becoming DRM master is separate (`acquireMaster`): listing needs no master.
    public init(path: String) throws(SystemCallError) {
        self.path = path
        descriptor = try OwnedDescriptor.open(.display(path), flags: O_RDWR | O_NONBLOCK)
    }

    /// The card's connectors, encoders and CRTCs, probed now.
    public func resources() throws(SystemCallError) -> CardResources {
        try LibDRM.resources(self)
    }

    /// The kernel driver's name, e.g. `bochs-drm`.
    public var driverName: String? { LibDRM.driverName(self) }

    /// Whether this descriptor holds DRM master (drmIsMaster).
    public var isMaster: Bool { LibDRM.isMaster(self) }

    /// Takes DRM master, retrying for `timeout`: a previous bannerd may still hold it for a moment after a
    /// restart. The final error names the processes that have the card open.
    public func acquireMaster(timeout: Duration = .seconds(3)) throws(SystemCallError) {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if isMaster { return }
            do {
                try LibDRM.setMaster(self)
                return
            } catch {
                let retryable = error.errno == EBUSY || error.errno == EACCES || error.errno == EPERM
                guard retryable, MonotonicClock.now() < deadline else {
                    let holders = DeviceHolders.processes(holding: path)
                    var failure = error
                    if !holders.isEmpty { failure.context = "held open by " + holders.joined(separator: ", ") }
                    throw failure
                }
                Syscalls.sleep(.milliseconds(100))
            }
        }
    }

    /// Gives up DRM master (VT switch away, handing the screen to another program).
    public func dropMaster() throws(SystemCallError) {
        try LibDRM.dropMaster(self)
    }
}
