import CLinuxCEC
import Glibc
import SystemCalls

/// One HDMI-CEC adapter (`/dev/cecN`, the kernel's CEC framework): opened non-blocking, so the loop polls it with
/// its other descriptors and no call waits on the bus. bannerd claims a logical address as a playback device and
/// follows the bus (it receives broadcasts and messages to it, and must answer them; the kernel answers the
/// few that every device must). A message sent returns at once with a sequence number; its outcome, and the reply
/// asked for, come back later from `receive` with the same number.
public final class CECAdapter {
    public let path: String
    private let descriptor: OwnedDescriptor
    /// The adapter's name and driver, as `cec-ctl` shows them (`vivid-000-vid-out0`, `vc4`).
    public let name: String
    public let driver: String

    /// Opens `path` to send and follow. Fails on a path that is not a CEC adapter (ENOTTY) or one the user may not
    /// open (the adapters belong to group video on Debian).
    public init(path: String) throws(SystemCallError) {
        self.path = path
        descriptor = try OwnedDescriptor.open(.cecAdapter(path), flags: O_RDWR | O_NONBLOCK | O_CLOEXEC)
        var caps = cec_caps()
        try Self.check(ioctl(descriptor.raw, cec_ioctl_adap_g_caps, &caps), "ioctl(CEC_ADAP_G_CAPS)", path)
        name = Self.string(&caps.name)
        driver = Self.string(&caps.driver)
        // Initiator and follower, neither exclusive: cec-ctl and cec-follower may share the adapter.
        var mode = UInt32(CEC_MODE_INITIATOR | CEC_MODE_FOLLOWER)
        try Self.check(ioctl(descriptor.raw, cec_ioctl_s_mode, &mode), "ioctl(CEC_S_MODE)", path)
    }

    /// Readable (POLLIN) when a message or an outcome waits, POLLPRI when an event does.
    public var fileDescriptor: Int32 { descriptor.raw }

    /// The DRM card number and connector id of the HDMI output this adapter belongs to, where the driver says
    /// (vc4, i915, DisplayPort CEC: since Linux 5.5); nil where it does not (USB adapters, vivid).
    public func drmConnector() -> (card: Int, connectorID: UInt32)? {
        var info = cec_connector_info()
        guard ioctl(descriptor.raw, cec_ioctl_adap_g_connector_info, &info) == 0,
            info.type == UInt32(CEC_CONNECTOR_TYPE_DRM)
        else { return nil }
        return (Int(info.drm.card_no), info.drm.connector_id)
    }

    /// Claims a logical address as a playback device named `osdName` (at most 14 ASCII characters, the menu name
    /// the TV shows), CEC 1.4. Any configuration left on the adapter (it outlives the descriptor: a previous
    /// bannerd, cec-ctl) is cleared first. The claim completes later, with a `.stateChange` event.
    public func claimPlayback(osdName: String) throws(SystemCallError) {
        var clear = cec_log_addrs()
        try Self.check(ioctl(descriptor.raw, cec_ioctl_adap_s_log_addrs, &clear), "ioctl(CEC_ADAP_S_LOG_ADDRS)", path)
        var addresses = cec_log_addrs()
        addresses.cec_version = UInt8(CEC_OP_CEC_VERSION_1_4)
        addresses.num_log_addrs = 1
        addresses.vendor_id = CEC_VENDOR_ID_NONE
        addresses.primary_device_type.0 = UInt8(CEC_OP_PRIM_DEVTYPE_PLAYBACK)
        addresses.log_addr_type.0 = UInt8(CEC_LOG_ADDR_TYPE_PLAYBACK)
        addresses.all_device_types.0 = UInt8(CEC_OP_ALL_DEVTYPE_PLAYBACK)
        withUnsafeMutableBytes(of: &addresses.osd_name) { name in
            for (i, byte) in osdName.utf8.prefix(name.count - 1).enumerated() { name[i] = byte }
        }
        try Self.check(
            ioctl(descriptor.raw, cec_ioctl_adap_s_log_addrs, &addresses), "ioctl(CEC_ADAP_S_LOG_ADDRS)", path)
    }

    /// The logical address claimed; nil while none is (claiming, or no TV gave the adapter a physical address).
    public func logicalAddress() throws(SystemCallError) -> UInt8? {
        var addresses = cec_log_addrs()
        try Self.check(
            ioctl(descriptor.raw, cec_ioctl_adap_g_log_addrs, &addresses), "ioctl(CEC_ADAP_G_LOG_ADDRS)", path)
        let first = addresses.log_addr.0
        return addresses.num_log_addrs > 0 && first != UInt8(CEC_LOG_ADDR_INVALID) ? first : nil
    }

    /// Sends `bytes` (header, opcode, operands) without waiting; with `reply`, the kernel waits up to a second for
    /// that opcode from the destination. Returns the sequence number the outcome will carry.
    public func transmit(_ bytes: [UInt8], reply: UInt8? = nil) throws(SystemCallError) -> UInt32 {
        var message = cec_msg()
        message.len = UInt32(min(bytes.count, 16))
        withUnsafeMutableBytes(of: &message.msg) { out in
            for (i, byte) in bytes.prefix(out.count).enumerated() { out[i] = byte }
        }
        if let reply {
            message.reply = reply
            message.timeout = 1000
        }
        try Self.check(ioctl(descriptor.raw, cec_ioctl_transmit, &message), "ioctl(CEC_TRANSMIT)", path)
        return message.sequence
    }

    /// What `receive` hands over.
    public enum Received: Equatable, Sendable {
        /// A message from the bus (a broadcast, or one addressed to bannerd).
        case message([UInt8])
        /// The outcome of the transmit numbered `sequence`, and the reply it waited for (empty: none came).
        case outcome(sequence: UInt32, TransmitStatus, reply: [UInt8])
    }

    /// The next message or outcome; nil when none waits.
    public func receive() throws(SystemCallError) -> Received? {
        var message = cec_msg()
        guard ioctl(descriptor.raw, cec_ioctl_receive, &message) == 0 else {
            if errno == EAGAIN { return nil }
            throw SystemCallError(call: "ioctl(CEC_RECEIVE)", errno: errno, .cecAdapter(path))
        }
        let bytes = withUnsafeBytes(of: &message.msg) { Array($0.prefix(Int(min(message.len, 16)))) }
        guard message.sequence != 0 else { return .message(bytes) }
        let status = TransmitStatus(transmit: message.tx_status, receive: message.rx_status)
        return .outcome(sequence: message.sequence, status, reply: status.replied ? bytes : [])
    }

    /// What `dequeueEvent` hands over.
    public enum Event: Equatable, Sendable {
        /// The adapter's addresses changed: a logical address claimed or lost, the physical address given by the
        /// TV's EDID or taken with the cable (0xFFFF). `claimed` is the mask of logical addresses held.
        case stateChange(physicalAddress: UInt16, claimed: UInt16)
        /// Messages were dropped: the queue filled while bannerd did not read it.
        case lostMessages(Int)
    }

    /// The next event; nil when none waits.
    public func dequeueEvent() throws(SystemCallError) -> Event? {
        while true {
            var event = cec_event()
            guard ioctl(descriptor.raw, cec_ioctl_dqevent, &event) == 0 else {
                if errno == EAGAIN { return nil }
                throw SystemCallError(call: "ioctl(CEC_DQEVENT)", errno: errno, .cecAdapter(path))
            }
            switch event.event {
            case UInt32(CEC_EVENT_STATE_CHANGE):
                return .stateChange(
                    physicalAddress: event.state_change.phys_addr, claimed: event.state_change.log_addr_mask)
            case UInt32(CEC_EVENT_LOST_MSGS):
                return .lostMessages(Int(event.lost_msgs.lost_msgs))
            default:
                continue  // pin events: only for monitoring, which bannerd does not ask for
            }
        }
    }

    private static func check(_ result: Int32, _ call: String, _ path: String) throws(SystemCallError) {
        if result != 0 { throw SystemCallError(call: call, errno: errno, .cecAdapter(path)) }
    }

    private static func string<T>(_ field: inout T) -> String {
        withUnsafeBytes(of: &field) { String(decoding: $0.prefix { $0 != 0 }, as: UTF8.self) }
    }
}

/// How a transmit ended, from the kernel's status bits.
public struct TransmitStatus: Equatable, Sendable, CustomStringConvertible {
    /// `CEC_TX_STATUS_*` and `CEC_RX_STATUS_*`.
    public let transmit: UInt8
    public let receive: UInt8

    public init(transmit: UInt8, receive: UInt8) {
        self.transmit = transmit
        self.receive = receive
    }

    /// Sent and acknowledged by its destination.
    public var acknowledged: Bool { transmit & UInt8(CEC_TX_STATUS_OK) != 0 }
    /// No device acknowledged it.
    public var notAcknowledged: Bool { transmit & UInt8(CEC_TX_STATUS_NACK) != 0 }
    /// The reply asked for came (or a Feature Abort in its place).
    public var replied: Bool { receive & UInt8(CEC_RX_STATUS_OK | CEC_RX_STATUS_FEATURE_ABORT) != 0 }
    /// The reply asked for did not come in time.
    public var replyTimedOut: Bool { receive & UInt8(CEC_RX_STATUS_TIMEOUT) != 0 }

    /// The status in the kernel's words (`cec-ctl` prints the same names).
    public var description: String {
        let transmitNames: [(Int32, String)] = [
            (CEC_TX_STATUS_OK, "OK"), (CEC_TX_STATUS_ARB_LOST, "arbitration lost"), (CEC_TX_STATUS_NACK, "NACK"),
            (CEC_TX_STATUS_LOW_DRIVE, "low drive"), (CEC_TX_STATUS_ERROR, "error"),
            (CEC_TX_STATUS_MAX_RETRIES, "max retries"), (CEC_TX_STATUS_ABORTED, "aborted"),
            (CEC_TX_STATUS_TIMEOUT, "timeout"),
        ]
        let receiveNames: [(Int32, String)] = [
            (CEC_RX_STATUS_OK, "reply"), (CEC_RX_STATUS_TIMEOUT, "no reply"),
            (CEC_RX_STATUS_FEATURE_ABORT, "feature abort"), (CEC_RX_STATUS_ABORTED, "reply aborted"),
        ]
        let names =
            transmitNames.filter { transmit & UInt8($0.0) != 0 }.map(\.1)
            + receiveNames.filter { receive & UInt8($0.0) != 0 }.map(\.1)
        return names.isEmpty ? "no status" : names.joined(separator: ", ")
    }
}
