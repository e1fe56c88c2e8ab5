#if canImport(Glibc)
    import Glibc
#endif

/// Finds which processes hold a device open, to name the likely DRM master when taking master fails.
enum DeviceHolders {
    /// `pid (comm)` for every process with a descriptor on `path`, as far as /proc lets us look.
    static func processes(holding path: String, excluding ownPID: Int32 = getpid()) -> [String] {
        guard let proc = opendir("/proc") else { return [] }
        defer { closedir(proc) }
        var holders: [String] = []
        while let entry = readdir(proc) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            guard let pid = Int32(name), pid != ownPID, holds(pid: pid, path: path) else { continue }
            holders.append("\(pid) (\(command(pid: pid)))")
        }
        return holders
    }

    private static func holds(pid: Int32, path: String) -> Bool {
        guard let directory = opendir("/proc/\(pid)/fd") else { return false }
        defer { closedir(directory) }
        var buffer = [CChar](repeating: 0, count: 256)
        while let entry = readdir(directory) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) {
                String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self)
            }
            let length = readlink("/proc/\(pid)/fd/\(name)", &buffer, buffer.count - 1)
            guard length > 0 else { continue }
            let target = String(decoding: buffer.prefix(length).map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if target == path { return true }
        }
        return false
    }

    private static func command(pid: Int32) -> String {
        guard let file = fopen("/proc/\(pid)/comm", "r") else { return "?" }
        defer { fclose(file) }
        var buffer = [CChar](repeating: 0, count: 64)
        guard fgets(&buffer, Int32(buffer.count), file) != nil else { return "?" }
        let bytes = buffer.prefix { $0 != 0 && $0 != 10 }.map { UInt8(bitPattern: $0) }
        return String(decoding: bytes, as: UTF8.self)
    }
}
