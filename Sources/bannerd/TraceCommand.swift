import ArgumentParser
import CarouselEngine
import CarouselTrace
import DisplaySelection
import FileAccess

/// `bannerd trace`: the engine in simulated time, one CSV row per 60 Hz frame.
struct TraceCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "trace",
        abstract: "Run the carousel engine over a scripted gesture in simulated time and print one CSV row per frame.",
        discussion: """
            Columns: frame,t_ms,offset_pt,page,index,phase,left,center,right. offset_pt is the viewport's \
            offset inside the three-view strip (one page when centred; it moves back one page at each \
            rebase). left/center/right are the banners bound to the three views. A summary line follows.
            Gesture file: one event per line, `t_ms kind x y [slot]`, kind down|move|up|cancel, \
            x and y in screen pixels, `#` comments.
            """
    )

    @Option(help: "Screen size in pixels, WxH.")
    var size = PixelSize(width: 800, height: 480)

    @Option(help: "Pixels per point.")
    var scale = 1.0

    @Option(help: "Number of banners (0 or more).")
    var banners = 5

    @Option(help: "Gesture script to replay (omit for none).")
    var gesture: String?

    @Option(help: "Simulated seconds to run (default: until 1.5 s after the last event).")
    var seconds: Double?

    @Option(help: "Autoplay interval in seconds (0 turns it off).")
    var autoplay = 5.0

    func validate() throws {
        guard scale.isFinite, scale > 0, scale <= 8 else { throw ValidationError("--scale must be in (0, 8]") }
        guard banners >= 0 else { throw ValidationError("--banners must be 0 or more") }
        guard autoplay.isFinite, autoplay >= 0 else { throw ValidationError("--autoplay must be 0 or more seconds") }
        if let seconds, !(seconds.isFinite && seconds >= 0 && seconds <= 86_400) {
            throw ValidationError("--seconds must be between 0 and 86400")
        }
    }

    func run() throws {
        var metrics = CarouselMetrics()
        metrics.autoplayInterval = autoplay > 0 ? .seconds(floating: autoplay) : nil
        let layout = try CarouselLayout(
            widthPixels: size.width, heightPixels: size.height, scale: scale,
            metrics: metrics)
        let script = try gesture.map(Self.loadScript) ?? GestureScript(events: [])
        var runner = TraceRunner(
            carousel: Carousel(layout: layout, metrics: metrics, count: banners),
            script: script)
        let frames = seconds.map { Int(($0 * 60).rounded()) + 1 } ?? runner.defaultFrameCount
        print(TraceRow.csvHeader)
        let summary = runner.run(frames: frames) { row, _ in print(row.csv) }
        print(summary.line)
    }

    static func loadScript(_ path: String) throws -> GestureScript {
        let text: String
        do {
            text = try LocalFiles().readText(path)
        } catch {
            throw CommandFailure("cannot read gesture file (\(error))")
        }
        do {
            return try GestureScript(parsing: text, file: path)
        } catch {
            throw CommandFailure(error.description)
        }
    }
}
