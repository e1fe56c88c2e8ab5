import BannerContent
import FileAccess
import Foundation
import GlyphText
import PrerenderThreads
import Raster

/// Resident memory after loading 10 and 10,000 banners (a real content directory with a manifest, through
/// `ContentLoader` and the presenter) and browsing 40 of them. Each case runs in a fresh child process of this
/// benchmark (`--rss-probe`), so one case's heap cannot hide in the other's figure.
enum MemoryFootprint {
    static let browsedPages = 40

    /// The child: loads `directory`, browses, prints one `rss_kib=` line.
    static func probe(directory: String, width: Int, height: Int) throws {
        var loaded: ContentLoadResult?
        let start = residentKiB()
        // Counting the load tells what the loaded list really holds (with its arrays' spare capacity; `list_kib`
        // without), against what the load left resident.
        let load = AllocationCount.counting { loaded = ContentLoader().load(directory: directory) }
        HeapPolicy.releaseFreedMemory()  // as bannerd does after each load
        let held = (load.mallocBytesCount - load.freeBytesCount) / 1024
        let peakless = load.mallocBytesCount / 1024
        let banners = loaded?.banners ?? []
        let problems = loaded?.problems.count ?? -1
        let fonts = try FontSet()
        let before = residentKiB()
        var scene = try BenchScene(width: width, height: height, banners: banners, fonts: fonts)
        let target = PixelBufferStorage(width: width, height: height, format: .xrgb8888)
        scene.browse(pages: browsedPages, into: target.buffer)
        print(
            "rss_kib=\(residentKiB()) before_load_kib=\(start) after_load_kib=\(before) "
                + "load_allocated_kib=\(peakless) load_still_held_kib=\(held) list_kib=\(banners.storageBytes / 1024) "
                + "banners=\(banners.count) "
                + "problems=\(problems) cached=\(scene.presenter.cachedBanners.count) "
                + "placeholders=\(scene.presenter.placeholdersDrawn) index=\(scene.carousel.index)")
    }

    static func run(scratch: String) throws {
        print(
            "## Resident memory (VmRSS) after loading N banners and browsing \(browsedPages) (goal: equal within 5 %)")
        let photos = try PhotoFixture.writePhotos(count: 4, width: 1920, height: 1080, into: scratch)
        var directories: [Int: String] = [:]
        for count in [10, 10_000] {
            let dir = scratch + "/content-\(count)"
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            let text = PhotoFixture.manifest(count: count, photos: photos.map { "../" + $0 })
            try LocalFiles().writeAtomically(Array(text.utf8), to: dir + "/banners.toml")
            directories[count] = dir
        }
        let executable = try FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        for (width, height) in displaySizes {
            var probes: [Int: [String: Int]] = [:]
            for count in [10, 10_000] {
                guard let dir = directories[count] else { continue }
                let line = try child(executable, ["--rss-probe", dir, "\(width)", "\(height)"])
                print("rss \(width)x\(height) banners=\(count): \(line)")
                probes[count] = fields(line)
            }
            guard let small = probes[10], let large = probes[10_000], let a = small["rss_kib"],
                let b = large["rss_kib"],
                let loadedA = small["after_load_kib"], let loadedB = large["after_load_kib"], a > 0, a > loadedA
            else { continue }
            print(
                "rss \(width)x\(height): whole process: 10,000 banners use \(fixed(Double(b) / Double(a), 3))x the "
                    + "RSS of 10 (\(b - a) KiB more); presenter and browsing alone (RSS after browsing minus after "
                    + "loading): \(b - loadedB) vs \(a - loadedA) KiB, \(fixed(Double(b - loadedB) / Double(a - loadedA), 3))x"
            )
        }
    }

    /// The `key=number` fields of a probe's line.
    static func fields(_ line: String) -> [String: Int] {
        var out: [String: Int] = [:]
        for field in line.split(separator: " ") {
            let parts = field.split(separator: "=")
            if parts.count == 2, let value = Int(parts[1]) { out[String(parts[0])] = value }
        }
        return out
    }

    /// Runs this benchmark again with `arguments` and returns its first output line.
    static func child(_ executable: String, _ arguments: [String]) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let data = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self)
        return text.split(separator: "\n").first.map(String.init) ?? "(no output, status \(process.terminationStatus))"
    }
}
