import Glibc
import SystemCalls

/// Sending and receiving a file descriptor with a message on a Unix socket (SCM_RIGHTS). The CMSG_* macros do
/// not import into Swift; their arithmetic is written out below as glibc's <bits/socket.h> defines it.
enum DescriptorPassing {
    /// CMSG_ALIGN: control data is aligned to size_t.
    private static func aligned(_ length: Int) -> Int {
        let unit = MemoryLayout<Int>.size
        return (length + unit - 1) & ~(unit - 1)
    }

    /// CMSG_LEN(0): where a control message's data starts.
    private static let dataOffset = aligned(MemoryLayout<cmsghdr>.size)

    /// Room for up to this many descriptors in one received message; any beyond the first are closed.
    private static let receivable = 4

    /// Calls `body` with a message of one buffer, `payload`, and the control data `control` (no address).
    private static func withMessage<Result>(
        _ payload: UnsafeMutableRawBufferPointer, control: UnsafeMutableRawBufferPointer,
        _ body: (inout msghdr) -> Result
    ) -> Result {
        var vector = iovec(iov_base: payload.baseAddress, iov_len: payload.count)
        return withUnsafeMutablePointer(to: &vector) { vectorPointer in
            var message = msghdr()
            message.msg_iov = vectorPointer
            message.msg_iovlen = 1
            message.msg_control = control.baseAddress
            message.msg_controllen = control.count
            return body(&message)
        }
    }

    /// Sends `bytes` with `descriptor` attached in one sendmsg; returns what sendmsg returned.
    static func send(_ bytes: [UInt8], passing descriptor: Int32, on socket: Int32) -> Int {
        let space = dataOffset + aligned(MemoryLayout<Int32>.size)  // CMSG_SPACE(sizeof(int))
        var control = [UInt8](repeating: 0, count: space)
        var bytes = bytes
        return control.withUnsafeMutableBytes { controlBytes in
            var header = cmsghdr()
            header.cmsg_len = dataOffset + MemoryLayout<Int32>.size  // CMSG_LEN(sizeof(int))
            header.cmsg_level = SOL_SOCKET
            header.cmsg_type = Int32(SCM_RIGHTS)
            controlBytes.storeBytes(of: header, toByteOffset: 0, as: cmsghdr.self)
            controlBytes.storeBytes(of: descriptor, toByteOffset: dataOffset, as: Int32.self)
            return bytes.withUnsafeMutableBytes { payload in
                withMessage(payload, control: controlBytes) { message in
                    repeatWhileInterrupted { sendmsg(socket, &message, Int32(MSG_NOSIGNAL)) }
                }
            }
        }
    }

    /// Reads into `buffer` like read(2), also taking a descriptor passed with the data (close-on-exec); extra
    /// descriptors in the same message are closed.
    static func receive(into buffer: inout [UInt8], on socket: Int32) -> (count: Int, descriptor: OwnedDescriptor?) {
        let space = dataOffset + aligned(receivable * MemoryLayout<Int32>.size)
        var control = [UInt8](repeating: 0, count: space)
        return control.withUnsafeMutableBytes { controlBytes in
            let count = buffer.withUnsafeMutableBytes { payload in
                withMessage(payload, control: controlBytes) { message in
                    let count = repeatWhileInterrupted { recvmsg(socket, &message, Int32(MSG_CMSG_CLOEXEC)) }
                    return (count, min(message.msg_controllen, space))
                }
            }
            var descriptors: [Int32] = []
            var offset = 0
            while offset + dataOffset <= count.1 {
                let header = controlBytes.load(fromByteOffset: offset, as: cmsghdr.self)
                guard header.cmsg_len >= dataOffset, offset + header.cmsg_len <= count.1 else { break }
                if header.cmsg_level == SOL_SOCKET, header.cmsg_type == Int32(SCM_RIGHTS) {
                    let n = (header.cmsg_len - dataOffset) / MemoryLayout<Int32>.size
                    for i in 0..<n {
                        descriptors.append(
                            controlBytes.loadUnaligned(
                                fromByteOffset: offset + dataOffset + i * MemoryLayout<Int32>.size, as: Int32.self))
                    }
                }
                offset += aligned(header.cmsg_len)
            }
            // Owned at once: the extras close as this array goes.
            return (count.0, descriptors.map(OwnedDescriptor.init(taking:)).first)
        }
    }
}
