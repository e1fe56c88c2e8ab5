/// A display plane as its driver lists it: what `kmscheck` prints for each CRTC, and what a plane for video is chosen
/// from (issue 45). Read by `KMSDisplay`; kept here, with no C library, so the listing is tested without a card.
public struct PlaneInfo: Equatable, Sendable {
    /// The plane's `type` property (DRM_PLANE_TYPE_OVERLAY, _PRIMARY, _CURSOR in drm_mode.h).
    public enum Kind: UInt64, Sendable {
        case overlay = 0
        case primary = 1
        case cursor = 2
    }

    /// The plane's `zpos` property: its place in the stack, and the range a commit may set (none when immutable).
    public struct StackPosition: Equatable, Sendable {
        public var value: UInt64
        public var range: ClosedRange<UInt64>
        public var immutable: Bool

        public init(value: UInt64, range: ClosedRange<UInt64>, immutable: Bool) {
            self.value = value
            self.range = range
            self.immutable = immutable
        }
    }

    /// Whether the plane scanned out a source of one size at another, in a test-only atomic commit.
    public enum Scaling: Equatable, Sendable {
        case scales
        /// The scaled commit was refused (errno), the unscaled one accepted.
        case refused(errno: Int32)
        /// Not asked: why (no format the test's buffer has, the unscaled commit refused too, no atomic).
        case untested(String)
    }

    public var id: UInt32
    /// nil: the driver gave no `type` this code knows.
    public var kind: Kind?
    /// Bit i: the plane can show on the card's i-th CRTC.
    public var possibleCRTCs: UInt32
    /// The fourcc codes the plane scans out.
    public var formats: [UInt32]
    /// Each format's modifiers, from the `IN_FORMATS` blob; empty when the driver has none (linear only).
    public var modifiers: [UInt32: [UInt64]]
    public var stackPosition: StackPosition?

    public init(
        id: UInt32, kind: Kind?, possibleCRTCs: UInt32, formats: [UInt32], modifiers: [UInt32: [UInt64]] = [:],
        stackPosition: StackPosition? = nil
    ) {
        self.id = id
        self.kind = kind
        self.possibleCRTCs = possibleCRTCs
        self.formats = formats
        self.modifiers = modifiers
        self.stackPosition = stackPosition
    }

    /// `planes` bottom first, as the display stacks them: by `zpos` where the driver lists it, else in the order the
    /// planes were made, which is their ids' order (vkms, which has no `zpos`, blends in that order).
    public static func stacked(_ planes: [PlaneInfo]) -> [PlaneInfo] {
        planes.sorted { ($0.stackPosition?.value ?? 0, $0.id) < ($1.stackPosition?.value ?? 0, $1.id) }
    }

    /// Whether the plane can show on the CRTC at `crtcIndex` in the card's list.
    public func canShow(onCRTCAt crtcIndex: Int) -> Bool {
        crtcIndex < 32 && possibleCRTCs & (1 << UInt32(crtcIndex)) != 0
    }

    /// One line for `kmscheck`: `plane 33 overlay zpos 1 (1...8) formats AR24 XR24 modifiers LINEAR scales yes`.
    public func line(scaling: Scaling?) -> String {
        var words = ["plane \(id)", kind.map { "\($0)" } ?? "type unknown"]
        if let stack = stackPosition {
            words.append(
                "zpos \(stack.value)"
                    + (stack.immutable ? " (immutable)" : " (\(stack.range.lowerBound)...\(stack.range.upperBound))"))
        } else {
            words.append("zpos not listed")
        }
        words.append("formats " + formats.map(Self.fourccText).joined(separator: " "))
        let listed = Set(modifiers.values.joined()).sorted().map(Self.modifierText)
        words.append("modifiers " + (listed.isEmpty ? "not listed" : listed.joined(separator: " ")))
        switch scaling {
        case .scales: words.append("scales yes")
        case .refused(let errno): words.append("scales no (refused, errno \(errno))")
        case .untested(let reason): words.append("scales untested (\(reason))")
        case nil: break
        }
        return words.joined(separator: " ")
    }

    /// A fourcc code as its four letters ("XR24").
    public static func fourccText(_ code: UInt32) -> String {
        String(decoding: (0..<4).map { UInt8(truncatingIfNeeded: code >> (8 * $0)) }, as: UTF8.self)
    }

    /// DRM_FORMAT_MOD_LINEAR by name, others as the 64-bit code (vendor in the top byte).
    static func modifierText(_ modifier: UInt64) -> String {
        if modifier == 0 { return "LINEAR" }
        let hex = String(modifier, radix: 16)
        return "0x" + String(repeating: "0", count: 16 - hex.count) + hex
    }

    /// The formats and their modifiers in an `IN_FORMATS` blob (`struct drm_format_modifier_blob` in drm_mode.h:
    /// version 1, then the format codes and, per modifier, a 64-bit mask of the formats from `offset` on that take
    /// it); nil when the blob is short, of another version, or points outside itself.
    public static func formatModifiers(blob: [UInt8]) -> [UInt32: [UInt64]]? {
        func u32(_ at: Int) -> UInt32? {
            guard at >= 0, at + 4 <= blob.count else { return nil }
            return (0..<4).reduce(UInt32(0)) { $0 | UInt32(blob[at + $1]) << (8 * UInt32($1)) }
        }
        func u64(_ at: Int) -> UInt64? {
            guard let low = u32(at), let high = u32(at + 4) else { return nil }
            return UInt64(high) << 32 | UInt64(low)
        }
        guard u32(0) == 1, let formatCount = u32(8), let formatsAt = u32(12), let modifierCount = u32(16),
            let modifiersAt = u32(20)
        else { return nil }
        var formats: [UInt32] = []
        for index in 0..<Int(formatCount) {
            guard let code = u32(Int(formatsAt) + 4 * index) else { return nil }
            formats.append(code)
        }
        var result: [UInt32: [UInt64]] = [:]
        for index in 0..<Int(modifierCount) {
            // struct drm_format_modifier: u64 formats (mask), u32 offset, u32 pad, u64 modifier: 24 bytes.
            let at = Int(modifiersAt) + 24 * index
            guard let mask = u64(at), let offset = u32(at + 8), let modifier = u64(at + 16) else { return nil }
            for bit in 0..<64 where mask & (1 << UInt64(bit)) != 0 {
                let formatIndex = Int(offset) + bit
                guard formatIndex < formats.count else { return nil }
                result[formats[formatIndex], default: []].append(modifier)
            }
        }
        return result
    }
}
