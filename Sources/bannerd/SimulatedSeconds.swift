import CommandLineParsing

/// `--seconds` of `render` and `trace`: how long to run in simulated time, at 60 frames a second. One rule, with
/// each command's ceiling.
enum SimulatedSeconds {
    /// A render composes every frame, so an hour of them already takes minutes.
    static let renderLimit = 3600.0
    /// A trace only steps the engine: a day of frames takes seconds.
    static let traceLimit = 86_400.0

    static func parse(_ options: ParsedOptions, upTo limit: Double) throws(UsageError) -> Double? {
        try options.value("seconds", expected: "between 0 and \(Int(limit))") {
            Double($0).flatMap { $0.isFinite && $0 >= 0 && $0 <= limit ? $0 : nil }
        }
    }

    /// The frames `seconds` of simulated time hold, the first at 0 s included.
    static func frames(in seconds: Double) -> Int {
        Int((seconds * 60).rounded()) + 1
    }
}
