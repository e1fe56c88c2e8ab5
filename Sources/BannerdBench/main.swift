// bannerd's benchmark: engine cost, frame composition against memcpy, heap allocations per frame, pre-render time,
// resident memory against the number of banners, and placeholders during a flick storm, each compared with
// baselines measured in the same run. Build in release: `swift run -c release BannerdBench`.
// `BannerdBench --profile-compose` composes 1920x1080 frames only, for `perf record`.
import Glibc
import GlyphText

let arguments = CommandLine.arguments
if arguments.count == 5, arguments[1] == "--rss-probe", let width = Int(arguments[3]), let height = Int(arguments[4]) {
    do {
        try MemoryFootprint.probe(directory: arguments[2], width: width, height: height)
        exit(0)
    } catch {
        print("rss probe failed: \(error)")
        exit(1)
    }
}

if arguments.count == 2, arguments[1] == "--profile-compose" {
    // For `perf record`: nothing but 1920x1080 frame composition, 3000 times.
    do {
        try CompositionCost.profile(fonts: FontSet(), frames: 3000)
        exit(0)
    } catch {
        print("profile failed: \(error)")
        exit(1)
    }
}
do {
    EngineCost.run()
    let fonts = try FontSet()
    let scratch = PhotoFixture.scratchDirectory()
    try CompositionCost.run(fonts: fonts)
    try AllocationCount.run(fonts: fonts)
    try PrerenderCost.run(fonts: fonts, scratch: scratch)
    try MemoryFootprint.run(scratch: scratch)
    try FlickStorm.run(fonts: fonts)
} catch {
    print("BannerdBench: \(error)")
    exit(1)
}
