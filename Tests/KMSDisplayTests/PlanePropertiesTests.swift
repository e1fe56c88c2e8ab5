import Raster
import Testing

@testable import KMSDisplay

/// The plane's properties by name, and one commit's values.
@Suite struct PlanePropertiesTests {
    static let ids: [String: UInt32] = [
        "FB_ID": 17, "CRTC_ID": 20, "SRC_X": 11, "SRC_Y": 12, "SRC_W": 13, "SRC_H": 14, "CRTC_X": 21, "CRTC_Y": 22,
        "CRTC_W": 23, "CRTC_H": 24, "rotation": 40, "zpos": 41,
    ]

    @Test func aWindowIsTheSourceInFixedPointOnTheWholeCRTC() throws {
        let properties = try PlaneProperties(byName: Self.ids)
        var values: [(property: UInt32, value: UInt64)] = []
        properties.write(buffer: 99, crtcID: 7, x: 515, y: 3, width: 1024, height: 768, into: &values)
        let written = Dictionary(uniqueKeysWithValues: values.map { ($0.property, $0.value) })
        #expect(values.count == 10 && written.count == 10)
        #expect(written[17] == 99 && written[20] == 7)
        #expect(
            written[11] == 515 << 16 && written[12] == 3 << 16 && written[13] == 1024 << 16 && written[14] == 768 << 16)
        #expect(written[21] == 0 && written[22] == 0 && written[23] == 1024 && written[24] == 768)
        // The next commit rewrites the same ten, in place.
        properties.write(buffer: 100, crtcID: 7, x: 0, y: 0, width: 1024, height: 768, into: &values)
        #expect(values.count == 10 && values.first { $0.property == 11 }?.value == 0)
    }

    /// An overlay reaching past the screen's top-left: CRTC_X and CRTC_Y are signed (the driver clips), the source
    /// its own rectangle of the buffer.
    @Test func anOverlayPastTheEdgeKeepsItsSignedPlace() throws {
        let properties = try PlaneProperties(byName: Self.ids)
        var values: [(property: UInt32, value: UInt64)] = []
        properties.write(
            buffer: 5, crtcID: 7, source: PixelRect(x: 2, y: 4, width: 320, height: 200),
            destination: PixelRect(x: -80, y: -3, width: 320, height: 200), into: &values)
        let written = Dictionary(uniqueKeysWithValues: values.map { ($0.property, $0.value) })
        #expect(
            written[11] == 2 << 16 && written[12] == 4 << 16 && written[13] == 320 << 16 && written[14] == 200 << 16)
        #expect(written[21].map { Int64(bitPattern: $0) } == -80 && written[22].map { Int64(bitPattern: $0) } == -3)
        #expect(written[23] == 320 && written[24] == 200)
    }

    @Test func aPlaneWithoutOneOfThemIsNamed() {
        for missing in PlaneProperties.names {
            var ids = Self.ids
            ids[missing] = nil
            do throws(PlaneProperties.MissingProperty) {
                _ = try PlaneProperties(byName: ids)
                Issue.record("taken without \(missing)")
            } catch {
                #expect(error.name == missing)
            }
        }
    }
}
