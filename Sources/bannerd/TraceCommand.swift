import CarouselEngine
import CarouselTrace
import CommandLineParsing
import DisplaySelection
import FileAccess

/// `bannerd trace`: the engine in simulated time, one CSV row per 60 Hz frame.
struct TraceCommand: BannerdCommand {
    static let spec = CommandSpec(
        name: "trace",
        abstract: "Run the carousel engine over a scripted gesture in simulated time and print one CSV row per frame.",
        discussion: """
            Columns: frame,t_ms,offset_pt,page,index,phase,left,center,right. offset_pt is the viewport's \
            offset inside the three-view strip (one page when centred; it moves back one page at each \
            rebase). left/center/right are the banners bound to the three views. A summary line follows.
            Gesture file: one event per line, `t_ms kind x y [slot]`, kind down|move|up|cancel, \
            x and y in screen pixels, `#` comments.
            """,
        options: [
            .value("size", "Screen size in pixels, WxH.", default: "800x480"),
            .value("scale", "Pixels per point.", default: "1.0"),
            .value("banners", "Number of banners (0 or more).", default: "5"),
            .value("gesture", "Gesture script to replay (omit for none)."),
            .value("seconds", "Simulated seconds to run (default: until 1.5 s after the last event)."),
            .value("autoplay", "Autoplay interval in seconds (0 turns it off).", default: "5.0"),
        ])

    let size: PixelSize
    let scale: Double
    let banners: Int
    let gesture: String?
    let seconds: Double?
    let autoplay: Double

    init(_ options: ParsedOptions) throws(UsageError) {
        size = try options.require("size", expected: PixelSize.argumentForm, PixelSize.init(argument:))
        scale = try options.require("scale", expected: RunCommand.scaleExpected, RunCommand.scale(argument:))
        banners = try options.require("banners", expected: "0 or more") { Int($0).flatMap { $0 >= 0 ? $0 : nil } }
        gesture = options.value("gesture")
        seconds = try SimulatedSeconds.parse(options, upTo: SimulatedSeconds.traceLimit)
        autoplay = try options.require("autoplay", expected: "0 or more seconds") {
            Double($0).flatMap(RunCommand.seconds)
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
        let frames = seconds.map(SimulatedSeconds.frames) ?? runner.defaultFrameCount
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
