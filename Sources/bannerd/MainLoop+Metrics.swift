import BackgroundJobs
import FileAccess
import Metrics
import MonotonicTime

/// The Prometheus textfile for node_exporter: counts kept by the loop and read from its parts, written by the
/// background writer (never by the loop itself: a slow disk must not hold up a frame) every 15 s and soon after
/// a change an operator watches for.
extension MainLoop {
    /// Hands the metrics to the writer when they are due.
    func writeMetricsIfDue(at now: Duration) {
        guard settings.metricsTextfile != nil, metrics.schedule.isDue(at: now) else { return }
        writeMetrics()
    }

    /// Hands the metrics to the writer now (when due, and once more on the way out: the file keeps the last state).
    func writeMetrics() {
        guard let path = settings.metricsTextfile else { return }
        var snapshot = metrics.counts
        for output in outputs { output.report(into: &snapshot) }
        snapshot.touchDevices = connections.input?.devices.filter { $0.capabilities.contains(.touch) }.count ?? 0
        let bytes = Array(snapshot.exposition.utf8)
        // Keyed by the path: when the disk is slow, only the newest contents wait.
        // Readable by node_exporter's user, whatever bannerd's umask.
        threads.writer.submit(key: path) { () -> WriteFailure? in
            do {
                // What an earlier process left half-written when the power went (a directory listing: cheap
                // beside the write, and the job that runs may be a later one than the first).
                try LocalFiles().removeStaleTemporaries(of: path)
                try LocalFiles().writeAtomically(bytes, to: path, permissions: 0o644)
                return nil
            } catch {
                return WriteFailure("metrics not written: \(error) (see [metrics] in bannerd.toml)")
            }
        }
    }

    /// Something the metrics report changed: write them soon.
    func metricsChanged() {
        metrics.schedule.changed(at: MonotonicClock.now())
    }

    /// Logs each distinct write failure once (metrics, proof of play): a directory bannerd may not write would
    /// otherwise fill the journal. Every proof-of-play record lost is counted.
    func logWriteFailures() {
        for failure in threads.writer.collect() {
            if failure.recordLost { metrics.counts.playRecordsLost += 1 }
            saidOnce.warn(failure.line)
        }
    }
}

/// The counts the loop keeps for the metrics, and when the textfile is written next.
struct LoopMetrics {
    var counts = BannerdMetrics()
    var schedule: MetricsSchedule

    init(now: Duration) {
        schedule = MetricsSchedule(now: now)
    }
}

/// What the background writer reports: a line for the log, and whether a proof-of-play record was lost.
struct WriteFailure: Sendable {
    var line: String
    var recordLost = false

    init(_ line: String, recordLost: Bool = false) {
        self.line = line
        self.recordLost = recordLost
    }
}
