import Glibc
import SystemCalls

/// Fills a `sockaddr_un` for `path` ("@name" is Linux's abstract namespace) and calls `body` with it.
func withUnixAddress<T>(
    _ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> T
) throws(SystemCallError) -> T {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    var bytes = Array(path.utf8)
    if bytes.first == UInt8(ascii: "@") { bytes[0] = 0 }
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard !bytes.isEmpty, bytes.count < capacity else {
        throw SystemCallError(
            call: "sockaddr_un", refused: "a socket path is 1 to \(capacity - 1) bytes", .socket(path))
    }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        for (i, byte) in bytes.enumerated() { raw[i] = byte }
    }
    let length = socklen_t(MemoryLayout<sa_family_t>.size + bytes.count + (bytes[0] == 0 ? 0 : 1))
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, length) }
    }
}
