import CTurboJPEG
import FileAccess
import Glibc
import ImageDecoding
import Raster

/// Photo-like test images made in the run (smooth shapes, fine detail and sensor noise, so JPEG and PNG have real
/// work to do), written to a scratch directory. Only the benchmark encodes JPEG: bannerd itself never does.
enum PhotoFixture {
    /// A deterministic photo-like picture: a sky-to-ground gradient, soft blobs, fine texture and noise.
    static func picture(width: Int, height: Int, seed: UInt64) -> Bitmap {
        var state = seed | 1
        func random() -> UInt64 {
            state ^= state << 13
            state ^= state >> 7
            state ^= state << 17
            return state
        }
        let blobs = (0..<6).map { _ in
            (
                x: Double(random() % UInt64(width)), y: Double(random() % UInt64(height)),
                r: Double(width) * (0.08 + Double(random() % 100) / 600), tint: Int(random() % 3)
            )
        }
        var b = Bitmap(width: width, height: height)
        for y in 0..<height {
            let v = Double(y) / Double(max(1, height - 1))
            for x in 0..<width {
                let u = Double(x) / Double(max(1, width - 1))
                var red = 40 + 120 * (1 - v) + 30 * u
                var green = 70 + 110 * (1 - v)
                var blue = 150 + 90 * (1 - v) - 60 * v
                for blob in blobs {
                    let dx = Double(x) - blob.x
                    let dy = Double(y) - blob.y
                    let w = max(0, 1 - (dx * dx + dy * dy) / (blob.r * blob.r))
                    switch blob.tint {
                    case 0: red += 90 * w * w
                    case 1: green += 90 * w * w
                    default: blue += 90 * w * w
                    }
                }
                let texture = 12 * sin(Double(x) * 0.21 + 3 * sin(Double(y) * 0.05)) * cos(Double(y) * 0.17)
                let noise = Double(Int(random() % 17) - 8)
                func channel(_ c: Double) -> UInt8 { UInt8(max(0, min(255, c + texture + noise))) }
                b[x, y] = Color(red: channel(red), green: channel(green), blue: channel(blue)).premultipliedARGB
            }
        }
        return b
    }

    /// JPEG bytes of an opaque bitmap (TurboJPEG, 4:2:0, as cameras and editors write them).
    static func jpeg(_ bitmap: Bitmap, quality: Int32 = 88) -> [UInt8] {
        guard let handle = tjInitCompress() else { return [] }
        defer { tjDestroy(handle) }
        var out: UnsafeMutablePointer<UInt8>?
        var size: UInt = 0
        let rc = bitmap.pixels.withUnsafeBytes { src in
            tjCompress2(
                handle, src.bindMemory(to: UInt8.self).baseAddress, Int32(bitmap.width), Int32(bitmap.width * 4),
                Int32(bitmap.height), TJPF_BGRA.rawValue, &out, &size, Int32(TJSAMP_420.rawValue), quality, 0)
        }
        guard rc == 0, let out else { return [] }
        defer { tjFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: Int(size)))
    }

    /// A fresh empty directory under /tmp.
    static func scratchDirectory() -> String {
        var template = Array("/tmp/bannerd-bench-XXXXXX".utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buf in
            buf.baseAddress.flatMap { mkdtemp($0) }.map { String(cString: $0) }
        }
        return made ?? "/tmp"
    }

    /// Writes `count` photos of `width × height` as JPEG into `directory`; returns their file names.
    static func writePhotos(count: Int, width: Int, height: Int, into directory: String) throws -> [String] {
        var names: [String] = []
        for i in 0..<count {
            let name = "photo-\(i).jpg"
            let bytes = jpeg(picture(width: width, height: height, seed: UInt64(0x9E37_79B9 + i * 7919)))
            try LocalFiles().writeAtomically(bytes, to: directory + "/" + name)
            names.append(name)
        }
        return names
    }

    /// A `banners.toml` for `count` banners with titles, cycling through `photos`.
    static func manifest(count: Int, photos: [String]) -> String {
        var text = ""
        for i in 0..<count {
            text += "[[banner]]\nid = \"b\(i)\"\ntitle = \"Banner \(i + 1)\"\n"
            text += "subtitle = \"Photo \(i % photos.count) of the bench content\"\n"
            text += "image = \"\(photos[i % photos.count])\"\n\n"
        }
        return text
    }
}
