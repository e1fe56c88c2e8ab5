// Prints the carousel engine's cost per frame against the frame budget and against one full-frame copy
// measured in the same run. Build in release: `swift run -c release BannerdBench`.
import CarouselEngine
import CarouselTrace

/// Median of `runs` timings of `body`, in nanoseconds.
func medianNanoseconds(runs: Int, _ body: () -> Void) -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    for _ in 0..<runs {
        let elapsed = clock.measure(body)
        samples.append(Double(elapsed.components.attoseconds) / 1e9 + Double(elapsed.components.seconds) * 1e9)
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// A flick storm: a swipe every 100 ms, alternating directions, with catches mid-snap.
func flickStorm(frames: Int, layout: CarouselLayout) -> [InputEvent] {
    var events: [InputEvent] = []
    let width = Double(layout.viewportWidthPixels)
    var t = Duration.zero
    var forwards = true
    while t < FramePacer.step * frames {
        let from = forwards ? width * 0.8 : width * 0.2
        let to = forwards ? width * 0.3 : width * 0.7
        events.append(.touchDown(slot: 0, position: PixelPoint(x: from, y: 200), millimetres: nil, time: t))
        for i in 1...4 {
            let x = from + (to - from) * Double(i) / 4
            events.append(
                .touchMotion(
                    slot: 0, position: PixelPoint(x: x, y: 200), millimetres: nil, time: t + .milliseconds(8 * i)))
        }
        events.append(.touchUp(slot: 0, time: t + .milliseconds(40)))
        t += .milliseconds(100)
        forwards.toggle()
    }
    return events
}

let frames = 60 * 60 * 10  // ten simulated minutes
for (width, height) in [(1920, 1080), (800, 480)] {
    guard let layout = try? CarouselLayout(widthPixels: width, heightPixels: height, scale: 1) else { continue }
    for count in [7, 10_000] {
        let script = GestureScript(events: flickStorm(frames: frames, layout: layout))
        var changed = 0
        let engine = medianNanoseconds(runs: 5) {
            var runner = TraceRunner(carousel: Carousel(layout: layout, count: count), script: script)
            changed = runner.run(frames: frames) { _, _ in }.framesChanged
        }
        let bytes = width * height * 4
        let source = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        let target = UnsafeMutableRawPointer.allocate(byteCount: bytes, alignment: 64)
        source.initializeMemory(as: UInt8.self, repeating: 0x5A, count: bytes)
        let copy = medianNanoseconds(runs: 31) { target.copyMemory(from: source, byteCount: bytes) }
        source.deallocate()
        target.deallocate()
        let perFrame = engine / Double(frames)
        let budget = 1e9 / 60
        print(
            "engine \(width)x\(height) banners=\(count): \(Int(perFrame)) ns/frame over \(frames) frames "
                + "(\(changed) changed), \(percent(perFrame / budget)) of a 16.67 ms frame, "
                + "\(percent(perFrame / copy)) of one full-frame copy (\(Int(copy)) ns)")
    }
}

/// A ratio as a percentage with four decimals (the engine's share is tiny).
func percent(_ ratio: Double) -> String {
    let units = Int((ratio * 1_000_000).rounded())
    let fraction = String(units % 10_000)
    return "\(units / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction) %"
}
