import CarouselEngine
import CarouselTrace

/// The engine's cost per frame over ten simulated minutes of a flick storm, against the frame budget and one
/// full-frame copy measured in the same run.
enum EngineCost {
    /// A flick storm: a swipe every 100 ms, alternating directions, with catches mid-snap.
    static func flickStorm(frames: Int, layout: CarouselLayout) -> [InputEvent] {
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

    static func run() {
        print("## Engine: cost per frame (flick storm, 10 simulated minutes)")
        let frames = 60 * 60 * 10
        for (width, height) in displaySizes {
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
    }
}
