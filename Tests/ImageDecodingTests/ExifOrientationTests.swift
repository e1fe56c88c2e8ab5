import Testing

@testable import ImageDecoding
@testable import Raster

@Suite struct ExifOrientationTests {
    /// `jpeg` with an APP1 Exif segment carrying `orientation` inserted after SOI.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8, littleEndian: Bool = false) -> [UInt8] {
        let tiff: [UInt8] =
            littleEndian
            ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
            : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        let body = Array("Exif\0\0".utf8) + tiff
        let length = body.count + 2
        return [0xFF, 0xD8, 0xFF, 0xE1, UInt8(length >> 8), UInt8(length & 0xFF)] + body + jpeg[2...]
    }

    /// 32×16: left half red, right half blue.
    static let halves: [UInt8] = {
        var b = Bitmap(width: 32, height: 16, color: Color(rgb: 0xFF0000))
        b.fill(PixelRect(x: 16, y: 0, width: 16, height: 16), with: Color(rgb: 0x0000FF))
        return TestImages.jpeg(b)
    }()

    static func isRed(_ c: Color?) -> Bool { (c?.red ?? 0) > 200 && (c?.blue ?? 255) < 60 }

    @Test func readsTheTagInBothByteOrders() {
        #expect(ExifOrientation(jpeg: Self.withOrientation(Self.halves, 6)) == .right)
        #expect(ExifOrientation(jpeg: Self.withOrientation(Self.halves, 8, littleEndian: true)) == .left)
        #expect(ExifOrientation(jpeg: Self.halves) == .up)
        #expect(ExifOrientation(jpeg: Self.withOrientation(Self.halves, 42)) == .up)
    }

    @Test func truncatedOrHostileExifIsIgnoredNotACrash() {
        let tagged = Self.withOrientation(Self.halves, 6)
        for cut in 0..<40 { _ = ExifOrientation(jpeg: Array(tagged[0..<cut])) }
        var wild = tagged
        wild[17] = 0xFF  // IFD offset far past the end
        #expect(ExifOrientation(jpeg: wild) == .up)
    }

    @Test func sidewaysPhotoIsDecodedUpright() throws {
        let d = ImageDecoder()
        let right = try d.decode(bytes: Self.withOrientation(Self.halves, 6))
        // Turned clockwise: the stored left half (red) is now on top.
        #expect(right.width == 16 && right.height == 32)
        #expect(Self.isRed(right.color(x: 8, y: 4)) && !Self.isRed(right.color(x: 8, y: 28)))
        let left = try d.decode(bytes: Self.withOrientation(Self.halves, 8))
        #expect(!Self.isRed(left.color(x: 8, y: 4)) && Self.isRed(left.color(x: 8, y: 28)))
        let mirrored = try d.decode(bytes: Self.withOrientation(Self.halves, 2))
        #expect(
            mirrored.width == 32 && !Self.isRed(mirrored.color(x: 4, y: 8)) && Self.isRed(mirrored.color(x: 28, y: 8)))
        #expect(try d.size(bytes: Self.withOrientation(Self.halves, 6)) == (16, 32))
    }

    @Test func mirrorModesMapPixelsAsTheSpecSays() throws {
        let b = try #require(
            Bitmap(width: 3, height: 2, premultipliedPixels: [1, 2, 3, 4, 5, 6].map { 0xFF00_0000 | $0 }))
        #expect(ExifOrientation.mirrored.apply(to: b).pixels.map { $0 & 0xFF } == [3, 2, 1, 6, 5, 4])
        #expect(ExifOrientation.mirroredDown.apply(to: b).pixels.map { $0 & 0xFF } == [4, 5, 6, 1, 2, 3])
        #expect(ExifOrientation.leftMirrored.apply(to: b).pixels.map { $0 & 0xFF } == [1, 4, 2, 5, 3, 6])
        #expect(ExifOrientation.rightMirrored.apply(to: b).pixels.map { $0 & 0xFF } == [6, 3, 5, 2, 4, 1])
        #expect(ExifOrientation.right.apply(to: b).pixels.map { $0 & 0xFF } == [4, 1, 5, 2, 6, 3])
        #expect(ExifOrientation.left.apply(to: b).pixels.map { $0 & 0xFF } == [3, 6, 2, 5, 1, 4])
    }
}
