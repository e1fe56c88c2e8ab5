import Glibc

/// Median of `runs` timings of `body`, in nanoseconds.
func medianNanoseconds(runs: Int, _ body: () throws -> Void) rethrows -> Double {
    let clock = ContinuousClock()
    var samples: [Double] = []
    samples.reserveCapacity(runs)
    for _ in 0..<runs {
        samples.append(nanoseconds(try clock.measure(body)))
    }
    samples.sort()
    return samples[samples.count / 2]
}

/// Timings of several bodies taken in turn, round after round, so that a change in machine speed during the
/// measurement (other tenants, clock scaling) falls on all of them alike.
struct InterleavedTimings {
    /// `samples[b][r]`: body b in round r, in nanoseconds.
    private(set) var samples: [[Double]]

    /// Runs each of `bodies` once per round, `rounds` times. With `warm`, each body also runs once untimed just
    /// before it is timed, so each is measured with its own data in cache rather than with what the body before it
    /// left there (which favours a body whose data the previous one happened to load).
    init(rounds: Int, warm: Bool = false, _ bodies: [() -> Void]) {
        let clock = ContinuousClock()
        samples = Array(repeating: [], count: bodies.count)
        for _ in 0..<rounds {
            for (b, body) in bodies.enumerated() {
                if warm { body() }
                samples[b].append(nanoseconds(clock.measure(body)))
            }
        }
    }

    /// Median time of body `b`, in nanoseconds.
    func median(_ b: Int) -> Double { samples[b].sorted()[samples[b].count / 2] }

    /// Body `b`'s time divided by body `baseline`'s time in the same round: the median over rounds, and the
    /// middle half of rounds (first to third quartile), to show how much the machine moved the figure.
    func ratio(_ b: Int, to baseline: Int) -> (median: Double, quartiles: ClosedRange<Double>) {
        let ratios = zip(samples[b], samples[baseline]).map { $0 / $1 }.sorted()
        let n = ratios.count
        return (ratios[n / 2], ratios[n / 4]...ratios[(3 * n) / 4])
    }
}

/// A duration in nanoseconds.
func nanoseconds(_ d: Duration) -> Double {
    Double(d.components.attoseconds) / 1e9 + Double(d.components.seconds) * 1e9
}

/// A ratio as a percentage with four decimals (the engine's share is tiny).
func percent(_ ratio: Double) -> String {
    let units = Int((ratio * 1_000_000).rounded())
    let fraction = String(units % 10_000)
    return "\(units / 10_000).\(String(repeating: "0", count: 4 - fraction.count))\(fraction) %"
}

/// `value` with `digits` decimals, without Foundation.
func fixed(_ value: Double, _ digits: Int = 2) -> String {
    guard value.isFinite else { return "\(value)" }
    var scale = 1.0
    for _ in 0..<digits { scale *= 10 }
    let units = Int((abs(value) * scale).rounded())
    let whole = units / Int(scale)
    let fraction = String(units % Int(scale))
    let sign = value < 0 && units > 0 ? "-" : ""
    guard digits > 0 else { return "\(sign)\(whole)" }
    return "\(sign)\(whole).\(String(repeating: "0", count: digits - fraction.count))\(fraction)"
}

/// Nanoseconds as milliseconds or microseconds, whichever reads better.
func duration(nanoseconds ns: Double) -> String {
    ns >= 1e6 ? "\(fixed(ns / 1e6, 2)) ms" : "\(fixed(ns / 1e3, 1)) µs"
}

/// Resident set size of this process, in KiB (VmRSS from /proc/self/status; `"VmHWM:"` for its peak so far);
/// 0 when unreadable.
func residentKiB(_ field: String = "VmRSS:") -> Int {
    guard let file = fopen("/proc/self/status", "r") else { return 0 }
    defer { fclose(file) }
    var line = [CChar](repeating: 0, count: 256)
    while fgets(&line, Int32(line.count), file) != nil {
        let text = String(decoding: line.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        if text.hasPrefix(field) {
            return Int(text.dropFirst(field.count).filter(\.isNumber)) ?? 0
        }
    }
    return 0
}

/// The display sizes every section measures.
let displaySizes = [(width: 1920, height: 1080), (width: 800, height: 480)]

/// `RUSAGE_THREAD` from <sys/resource.h> (a GNU extension the Glibc module does not import).
let rusageThread = __rusage_who(rawValue: 1)

/// CPU time (user + system) of the process, of the calling thread or of the children waited for, in seconds.
func cpuSeconds(_ who: __rusage_who) -> Double {
    var usage = rusage()
    guard getrusage(__rusage_who_t(who.rawValue), &usage) == 0 else { return 0 }
    func seconds(_ t: timeval) -> Double { Double(t.tv_sec) + Double(t.tv_usec) / 1e6 }
    return seconds(usage.ru_utime) + seconds(usage.ru_stime)
}

/// The CPU time `body` takes, on every thread of the process, in seconds.
func processCPUSeconds(_ body: () throws -> Void) rethrows -> Double {
    let before = cpuSeconds(RUSAGE_SELF)
    try body()
    return cpuSeconds(RUSAGE_SELF) - before
}
