// bannerd's benchmark: engine cost, frame composition against memcpy, heap allocations per frame, pre-render time,
// resident memory against the number of banners, and placeholders during a flick storm, each compared with
// baselines measured in the same run. Build in release: `swift run -c release BannerdBench`.
// `BannerdBench --profile-compose WxH xrgb8888|rgb565` composes frames only, for `perf record`;
// `BannerdBench --video-instructions FILE decode|whole N` plays N frames of a video only, for an instruction count.
import Foundation
import Glibc
import GlyphText
import PrerenderThreads
import Raster

HeapPolicy.apply()  // as bannerd run does
let arguments = CommandLine.arguments
// Child processes whose peak memory the rss and images sections measure: `--rss-probe DIR W H`, `--image-probe FILE W H`.
let probes: [String: (String, Int, Int) throws -> Void] = [
    "--rss-probe": { try MemoryFootprint.probe(directory: $0, width: $1, height: $2) },
    "--image-probe": { try ImageMemory.probe(path: $0, width: $1, height: $2) },
]
if arguments.count == 5, let probe = probes[arguments[1]], let width = Int(arguments[3]), let height = Int(arguments[4])
{
    do {
        try probe(arguments[2], width, height)
        exit(0)
    } catch {
        print("\(arguments[1].dropFirst(2)) failed: \(error)")
        exit(1)
    }
}

if arguments.count == 4, arguments[1] == "--outputs-probe", let outputs = Int(arguments[3]) {
    // The child of the outputs section: `--outputs-probe DIR N`.
    do {
        try OutputsMemory.probe(directory: arguments[2], outputs: outputs)
        exit(0)
    } catch {
        print("outputs-probe failed: \(error)")
        exit(1)
    }
}

if arguments.count == 4, arguments[1] == "--profile-compose" {
    // For `perf record`: nothing but frame composition, 20,000 times.
    let size = arguments[2].split(separator: "x").compactMap { Int($0) }
    guard size.count == 2, let format = PixelFormat(name: arguments[3]) else {
        print("usage: BannerdBench --profile-compose WxH xrgb8888|rgb565")
        exit(2)
    }
    do {
        try CompositionCost.profile(
            fonts: FontSet(), width: size[0], height: size[1], format: format, frames: 20_000)
        exit(0)
    } catch {
        print("profile failed: \(error)")
        exit(1)
    }
}
if arguments.count == 5, arguments[1] == "--video-instructions", let count = Int(arguments[4]),
    let work = VideoCost.Work(rawValue: arguments[3])
{
    // For an instruction count under an emulator (scripts/pi-figure): nothing but `count` frames of FILE's video.
    do {
        try VideoCost.instructions(path: arguments[2], work: work, frames: count, fonts: FontSet())
        exit(0)
    } catch {
        print("video-instructions failed: \(error)")
        exit(1)
    }
}
// `--only engine,compose,alloc,prerender,rss,outputs,images,storm,scanout,startup,rest,animation,video,soak` runs some sections;
// all but the hour-long soak by default.
let sections: Set<String> =
    arguments.count == 3 && arguments[1] == "--only"
    ? Set(arguments[2].split(separator: ",").map(String.init))
    : [
        "engine", "compose", "alloc", "prerender", "rss", "outputs", "images", "storm", "scanout", "startup", "rest",
        "animation", "video",
    ]
let scratch = PhotoFixture.scratchDirectory()
defer { try? FileManager.default.removeItem(atPath: scratch) }
do {
    if sections.contains("engine") { EngineCost.run() }
    let fonts = try FontSet()
    if sections.contains("compose") { try CompositionCost.run(fonts: fonts) }
    if sections.contains("alloc") { try AllocationCount.run(fonts: fonts) }
    if sections.contains("prerender") { try PrerenderCost.run(fonts: fonts, scratch: scratch) }
    if sections.contains("rss") { try MemoryFootprint.run(scratch: scratch) }
    if sections.contains("outputs") { try OutputsMemory.run(scratch: scratch) }
    if sections.contains("images") { try ImageMemory.run(scratch: scratch) }
    if sections.contains("storm") { try FlickStorm.run(fonts: fonts) }
    if sections.contains("scanout") { try ScanoutPaths.run(fonts: fonts) }
    if sections.contains("startup") { try StartUp.run(scratch: scratch) }
    if sections.contains("rest") { try RestCost.run() }
    if sections.contains("animation") { try AnimationCost.run(fonts: fonts, scratch: scratch) }
    if sections.contains("video") { try VideoCost.run(fonts: fonts, scratch: scratch) }
    if sections.contains("soak") { try Soak.run(scratch: scratch) }
} catch {
    print("BannerdBench: \(error)")
    try? FileManager.default.removeItem(atPath: scratch)
    exit(1)
}
