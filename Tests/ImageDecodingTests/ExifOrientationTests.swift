import FileAccess
import Testing

@testable import ImageDecoding
@testable import Raster

@Suite struct ExifOrientationTests {
    /// An APP1 Exif segment's data carrying `orientation`.
    static func exif(_ orientation: UInt8, littleEndian: Bool = false) -> [UInt8] {
        let tiff: [UInt8] =
            littleEndian
            ? [0x49, 0x49, 0x2A, 0, 8, 0, 0, 0, 1, 0, 0x12, 0x01, 3, 0, 1, 0, 0, 0, orientation, 0, 0, 0, 0, 0, 0, 0]
            : [0x4D, 0x4D, 0, 0x2A, 0, 0, 0, 8, 0, 1, 0x01, 0x12, 0, 3, 0, 0, 0, 1, 0, orientation, 0, 0, 0, 0, 0, 0]
        return Array("Exif\0\0".utf8) + tiff
    }

    /// `jpeg` with APP1 segments holding `segments` inserted after SOI.
    static func withAPP1(_ jpeg: [UInt8], _ segments: [[UInt8]]) -> [UInt8] {
        var out: [UInt8] = [0xFF, 0xD8]
        for body in segments {
            out += [0xFF, 0xE1, UInt8((body.count + 2) >> 8), UInt8((body.count + 2) & 0xFF)] + body
        }
        return out + jpeg[2...]
    }

    /// `jpeg` with an APP1 Exif segment carrying `orientation` inserted after SOI.
    static func withOrientation(_ jpeg: [UInt8], _ orientation: UInt8, littleEndian: Bool = false) -> [UInt8] {
        withAPP1(jpeg, [exif(orientation, littleEndian: littleEndian)])
    }

    /// 32×16: left half red, right half blue.
    static let halves: [UInt8] = {
        var b = Bitmap(width: 32, height: 16, color: Color(rgb: 0xFF0000))
        b.fill(PixelRect(x: 16, y: 0, width: 16, height: 16), with: Color(rgb: 0x0000FF))
        return TestImages.jpeg(b)
    }()

    static func isRed(_ c: Color?) -> Bool { (c?.red ?? 0) > 200 && (c?.blue ?? 255) < 60 }

    @Test func readsTheTagInBothByteOrders() {
        #expect(ExifOrientation(app1: Self.exif(6)) == .right)
        #expect(ExifOrientation(app1: Self.exif(8, littleEndian: true)) == .left)
        #expect(ExifOrientation(app1: Self.exif(42)) == .up)
        #expect(ExifOrientation(app1: Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)) == nil)
    }

    @Test func truncatedOrHostileExifIsIgnoredNotACrash() {
        let tagged = Self.exif(6)
        for cut in 0..<tagged.count {
            // The value field ends 26 bytes in; anything shorter is unreadable, not a crash.
            let want: ExifOrientation? = cut < 6 ? nil : cut < 26 ? .up : .right
            #expect(ExifOrientation(app1: Array(tagged[0..<cut])) == want, "cut at \(cut)")
        }
        var wild = tagged
        wild[11] = 0xFF  // IFD offset far past the end
        #expect(ExifOrientation(app1: wild) == .up)
    }

    @Test func theFirstExifSegmentCountsAndOtherAPP1SegmentsAreSkipped() throws {
        let xmp = Array("http://ns.adobe.com/xap/1.0/\0<x:xmpmeta/>".utf8)
        let d = ImageDecoder()
        #expect(try d.size(bytes: Self.withAPP1(Self.halves, [xmp, Self.exif(6), Self.exif(8)])) == (16, 32))
        #expect(try d.size(bytes: Self.withAPP1(Self.halves, [Self.exif(1), Self.exif(6)])) == (32, 16))
        #expect(try d.size(bytes: Self.halves) == (32, 16))
    }

    @Test func aSidewaysFileIsTurnedAsItsBytesAre() throws {
        let path = TestImages.scratchDirectory() + "/sideways.jpg"
        let bytes = Self.withOrientation(Self.halves, 6)
        try LocalFiles().writeAtomically(bytes, to: path)
        let d = ImageDecoder()
        #expect(try d.decode(path: path) == d.decode(bytes: bytes))
        #expect(try d.decode(path: path).width == 16)
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
