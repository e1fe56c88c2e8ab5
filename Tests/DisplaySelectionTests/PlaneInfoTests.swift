import DisplaySelection
import Testing

/// The plane listing of `kmscheck`: the `IN_FORMATS` blob as the kernel lays it out, and the line printed.
@Suite struct PlaneInfoTests {
    static let xr24: UInt32 = 0x3432_5258
    static let ar24: UInt32 = 0x3432_5241
    static let nv12: UInt32 = 0x3231_564E
    static let tiled: UInt64 = 0x0100_0000_0000_0001  // I915_FORMAT_MOD_X_TILED

    /// `struct drm_format_modifier_blob` (version 1): a 24-byte header, the formats, then 24 bytes per modifier.
    static func blob(
        version: UInt32 = 1, formats: [UInt32], modifiers: [(mask: UInt64, offset: UInt32, modifier: UInt64)],
        modifiersAt: UInt32? = nil
    ) -> [UInt8] {
        func bytes32(_ value: UInt32) -> [UInt8] { (0..<4).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        func bytes64(_ value: UInt64) -> [UInt8] { (0..<8).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) } }
        let formatsAt: UInt32 = 24
        let after = formatsAt + 4 * UInt32(formats.count)
        var out = bytes32(version) + bytes32(0) + bytes32(UInt32(formats.count)) + bytes32(formatsAt)
        out += bytes32(UInt32(modifiers.count)) + bytes32(modifiersAt ?? after)
        out += formats.flatMap(bytes32)
        for entry in modifiers {
            out += bytes64(entry.mask) + bytes32(entry.offset) + bytes32(0) + bytes64(entry.modifier)
        }
        return out
    }

    @Test func modifiersGoToTheFormatsTheirMaskNamesFromTheirOffset() {
        let data = Self.blob(
            formats: [Self.xr24, Self.ar24, Self.nv12],
            modifiers: [(0b111, 0, 0), (0b10, 1, Self.tiled)])  // linear for all; tiled for bit 1 from 1: NV12
        let modifiers = PlaneInfo.formatModifiers(blob: data)
        #expect(modifiers == [Self.xr24: [0], Self.ar24: [0], Self.nv12: [0, Self.tiled]])
    }

    @Test func aBlobThatIsShortOfAnotherVersionOrPointsOutsideItselfIsNotRead() {
        let good = Self.blob(formats: [Self.xr24], modifiers: [(1, 0, 0)])
        #expect(PlaneInfo.formatModifiers(blob: good) != nil)
        #expect(PlaneInfo.formatModifiers(blob: Array(good.prefix(20))) == nil)
        #expect(PlaneInfo.formatModifiers(blob: Array(good.dropLast())) == nil)
        #expect(PlaneInfo.formatModifiers(blob: Self.blob(version: 2, formats: [Self.xr24], modifiers: [])) == nil)
        #expect(PlaneInfo.formatModifiers(blob: Self.blob(formats: [Self.xr24], modifiers: [(0b10, 0, 0)])) == nil)
        #expect(
            PlaneInfo.formatModifiers(blob: Self.blob(formats: [Self.xr24], modifiers: [(1, 0, 0)], modifiersAt: 4000))
                == nil)
        #expect(PlaneInfo.formatModifiers(blob: Self.blob(formats: [], modifiers: [])) == [:])
    }

    @Test func aPlaneShowsOnTheCRTCsItsMaskNames() {
        let plane = PlaneInfo(id: 40, kind: .overlay, possibleCRTCs: 0b101, formats: [Self.xr24])
        #expect(plane.canShow(onCRTCAt: 0) && !plane.canShow(onCRTCAt: 1) && plane.canShow(onCRTCAt: 2))
        #expect(!plane.canShow(onCRTCAt: 40))
    }

    @Test func theLineSaysKindStackFormatsModifiersAndScaling() {
        var plane = PlaneInfo(
            id: 31, kind: .overlay, possibleCRTCs: 1, formats: [Self.ar24, Self.nv12],
            modifiers: [Self.ar24: [0], Self.nv12: [Self.tiled, 0]],
            stackPosition: PlaneInfo.StackPosition(value: 1, range: 1...8, immutable: false))
        #expect(
            plane.line(scaling: .scales)
                == "plane 31 overlay zpos 1 (1...8) formats AR24 NV12 modifiers LINEAR 0x0100000000000001 scales yes")
        #expect(plane.line(scaling: .refused(errno: 22)).hasSuffix("scales no (refused, errno 22)"))
        #expect(plane.line(scaling: .untested("it has no XR24")).hasSuffix("scales untested (it has no XR24)"))
        plane.stackPosition = PlaneInfo.StackPosition(value: 0, range: 0...0, immutable: true)
        plane.kind = .primary
        plane.modifiers = [:]
        #expect(
            plane.line(scaling: nil) == "plane 31 primary zpos 0 (immutable) formats AR24 NV12 modifiers not listed")
        plane.stackPosition = nil
        plane.kind = nil
        #expect(plane.line(scaling: nil).hasPrefix("plane 31 type unknown zpos not listed formats"))
    }
}
