import CWebP
import FileAccess
import Foundation
import ImageDecoding
import Raster

/// Peak resident memory while one image is loaded for a 1024x768 banner, as `BannerRenderer` and `bannerd check`
/// load it (`fitting:` the banner). Each load runs in a fresh child process of this benchmark (`--image-probe`),
/// whose peak is VmHWM: getrusage's ru_maxrss would carry this parent's peak over into the child across fork and
/// exec. The baseline is the same picture at 1024x768 in the same format.
/// The 8192x8192 files are made in the run (a photo-like picture, so PNG and JPEG compress as photos do).
enum ImageMemory {
    static let banner = (width: 1024, height: 768)
    static let largeSide = 8192

    /// The child: loads `path` fitting `width × height` and prints one line of `key=number` fields.
    static func probe(path: String, width: Int, height: Int) throws {
        let start = residentKiB("VmHWM:")
        let clock = ContinuousClock()
        let began = clock.now
        let image = try ImageDecoder().decodeImage(path: path, fitting: (width, height))
        let took = clock.now - began
        print(
            "peak_kib=\(residentKiB("VmHWM:")) start_peak_kib=\(start) decoded=\(image.bitmap.width)x\(image.bitmap.height) "
                + "load_ms=\(took.components.seconds * 1000 + took.components.attoseconds / 1_000_000_000_000_000)")
    }

    static func run(scratch: String) throws {
        print(
            "## Peak resident memory loading one image for a \(banner.width)x\(banner.height) banner "
                + "(goal: an 8192x8192 file costs its output and a few rows more than a 1024x768 one)")
        var files: [String: [String]] = [:]  // format → [baseline, large]
        for (i, size) in [(banner.width, banner.height), (largeSide, largeSide)].enumerated() {
            let picture = PhotoFixture.picture(width: size.0, height: size.1, seed: 0x5EED + UInt64(i))
            let stem = scratch + "/memory-\(size.0)x\(size.1)"
            try LocalFiles().writeAtomically(try PNGEncoder().encode(picture), to: stem + ".png")
            try LocalFiles().writeAtomically(PhotoFixture.jpeg(picture), to: stem + ".jpg")
            try LocalFiles().writeAtomically(webp(picture), to: stem + ".webp")
            for format in ["png", "jpg", "webp"] { files[format, default: []].append(stem + "." + format) }
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for format in ["png", "jpg", "webp"] {
            guard let paths = files[format], paths.count == 2 else { continue }
            var peaks: [Int] = []
            for path in paths {
                let bytes = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
                let line = try MemoryFootprint.child(
                    executable, ["--image-probe", path, "\(banner.width)", "\(banner.height)"])
                let name = String(path.split(separator: "/").last ?? "")
                print("image-rss \(name) (\(bytes / 1024) KiB file): \(line)")
                peaks.append(MemoryFootprint.fields(line)["peak_kib"] ?? 0)
            }
            guard peaks[0] > 0 else { continue }
            print(
                "image-rss \(format): 8192x8192 peaks at \(peaks[1] / 1024) MiB, \(fixed(Double(peaks[1]) / Double(peaks[0]), 2))x "
                    + "the \(peaks[0] / 1024) MiB of \(banner.width)x\(banner.height) (\((peaks[1] - peaks[0]) / 1024) MiB more)"
            )
        }
    }

    /// Lossy WebP bytes (libwebp's simple encoder, quality 80, as cwebp's default); only the benchmark encodes.
    static func webp(_ bitmap: Bitmap) -> [UInt8] {
        var out: UnsafeMutablePointer<UInt8>?
        let size = bitmap.pixels.withUnsafeBytes {
            WebPEncodeBGRA(
                $0.bindMemory(to: UInt8.self).baseAddress, Int32(bitmap.width), Int32(bitmap.height),
                Int32(bitmap.width * 4), 80, &out)
        }
        guard size > 0, let out else { return [] }
        defer { WebPFree(out) }
        return Array(UnsafeBufferPointer(start: out, count: size))
    }
}
