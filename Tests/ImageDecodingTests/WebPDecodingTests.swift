import Foundation
import ImageDecoding
import Raster
import Testing

/// WebP through libwebp, on files written by Debian's cwebp and img2webp (Tests/ImageDecodingTests/WebP).
@Suite struct WebPDecodingTests {
    static let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("WebP").path

    static func bytes(_ name: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: folder + "/" + name)))
    }

    /// The pixel at x, y as 0xAARRGGBB, premultiplied.
    static func pixel(_ bitmap: Bitmap, _ x: Int, _ y: Int) -> UInt32 { bitmap.pixels[y * bitmap.width + x] }

    /// Whether two colours differ by at most `tolerance` in every channel (lossy coding moves them a little).
    static func near(_ a: UInt32, _ b: UInt32, _ tolerance: UInt32 = 24) -> Bool {
        (0..<4).allSatisfy { shift in
            let x = a >> (8 * UInt32(shift)) & 0xFF
            let y = b >> (8 * UInt32(shift)) & 0xFF
            return max(x, y) - min(x, y) <= tolerance
        }
    }

    @Test(arguments: ["lossy.webp", "lossless.webp"])
    func quadrantsComeOutWhereTheyWere(name: String) throws {
        let image = try ImageDecoder().decodeImage(bytes: try Self.bytes(name), path: name)
        #expect(image.note == nil)
        #expect(image.bitmap.width == 64 && image.bitmap.height == 48)
        let tolerance: UInt32 = name == "lossless.webp" ? 0 : 24
        #expect(Self.near(Self.pixel(image.bitmap, 8, 8), 0xFFFF_0000, tolerance))
        #expect(Self.near(Self.pixel(image.bitmap, 56, 8), 0xFF00_FF00, tolerance))
        #expect(Self.near(Self.pixel(image.bitmap, 8, 40), 0xFF00_00FF, tolerance))
        #expect(Self.near(Self.pixel(image.bitmap, 56, 40), 0xFFFF_FFFF, tolerance))
    }

    @Test(arguments: ["alpha-lossless.webp", "alpha-lossy.webp"])
    func alphaIsKeptPremultiplied(name: String) throws {
        let bitmap = try ImageDecoder().decode(bytes: try Self.bytes(name), path: name)
        #expect(!bitmap.isOpaque)
        #expect(Self.near(Self.pixel(bitmap, 8, 24), 0xFFFF_0000, name == "alpha-lossless.webp" ? 0 : 24))
        #expect(Self.pixel(bitmap, 56, 24) == 0)  // fully transparent, premultiplied: all zero
    }

    @Test func anAnimationShowsItsFirstFrameAndSaysSo() throws {
        let image = try ImageDecoder().decodeImage(bytes: try Self.bytes("animated.webp"), path: "a.webp")
        #expect(image.bitmap.width == 32 && image.bitmap.height == 32)
        #expect(Self.pixel(image.bitmap, 16, 16) == 0xFFFF_0000)  // frame 1 is red, frame 2 blue
        #expect(image.note == nil)  // it plays: nothing is left out
    }

    @Test func aLargeImageIsDecodedStraightAtTheSizeThatCoversTheBanner() throws {
        let decoder = ImageDecoder()
        let bytes = try Self.bytes("large.webp")
        #expect(try decoder.size(bytes: bytes, path: "large.webp") == (4000, 3000))
        let scaled = try decoder.decode(bytes: bytes, path: "large.webp", fitting: (800, 480))
        // Covers 800x480 at 4:3: 800x600, not 4000x3000 (48 MB) decoded first and scaled after.
        #expect(scaled.width == 800 && scaled.height == 600)
        #expect(Self.near(Self.pixel(scaled, 400, 300), 0xFF00_80FF))
        let near = try decoder.decode(bytes: bytes, path: "large.webp", fitting: (2400, 1800))
        #expect(near.width == 4000 && near.height == 3000)  // less than twice too large: decoded whole
    }

    @Test func limitsAreCheckedOnTheHeaderBeforeTheBody() throws {
        let small = ImageDecoder(limits: ImageLimits(maxSide: 1000, maxPixels: 1 << 20))
        let bytes = try Self.bytes("large.webp")
        do throws(ImageError) {
            _ = try small.decode(bytes: bytes, path: "large.webp")
            Issue.record("decoded over the limits")
        } catch {
            #expect(error.kind == .tooLarge(width: 4000, height: 3000) && error.call == "limits")
        }
    }

    @Test func truncatedAndCorruptFilesAreOneClearError() throws {
        let lossy = try Self.bytes("lossy.webp")
        let truncated = Array(lossy.prefix(lossy.count / 2))
        var corrupt = lossy
        for i in 40..<corrupt.count { corrupt[i] ^= 0x5A }
        for (name, bytes) in [("cut.webp", truncated), ("bad.webp", corrupt)] {
            do throws(ImageError) {
                _ = try ImageDecoder().decode(bytes: bytes, path: name)
                Issue.record("\(name) decoded")
            } catch {
                #expect(error.kind == .corrupt)
                #expect(error.description.hasPrefix(name + ": "), "\(error)")
            }
        }
    }
}
